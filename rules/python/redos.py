import re

from flask import Flask, request

app = Flask(__name__)


@app.get("/search")
def search():
    name = request.args.get("name", "")
    # ruleid: REDOS
    matcher = re.compile(request.args.get("filter", ".*"))
    # ok: REDOS
    literal = re.compile(re.escape(name))
    return {"any": bool(matcher.search(name) or literal.search(name))}
