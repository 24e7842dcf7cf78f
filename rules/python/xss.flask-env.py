from flask import Flask

app = Flask(__name__)
# ruleid: XSS
app.jinja_env.autoescape = False
# ok: XSS
app.jinja_env.trim_blocks = False
