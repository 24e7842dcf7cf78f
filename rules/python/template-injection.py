from flask import Flask, render_template_string, request
from jinja2 import Environment, Template
from jinja2.sandbox import SandboxedEnvironment

app = Flask(__name__)
jinja = Environment(autoescape=True)
sandbox = SandboxedEnvironment(autoescape=True)


@app.post("/greeting")
def greeting():
    text = request.form["text"]
    # ruleid: TEMPLATE_INJECTION
    page = jinja.from_string("<p>" + text + "</p>").render()
    # ok: TEMPLATE_INJECTION
    safe = sandbox.from_string(text).render(shop="Example")
    # ruleid: TEMPLATE_INJECTION
    subject = Template(f"Hello {text}").render()
    # ok: TEMPLATE_INJECTION
    fixed = render_template_string("<p>{{ text }}</p>", text=text)
    j2 = Environment()
    # ruleid: TEMPLATE_INJECTION
    other = j2.from_string(text).render()
    # A value class's parser compiles no template.
    # ok: TEMPLATE_INJECTION
    cursor = PageCursor.from_string(request.args["cursor"])
    return {"page": page, "safe": safe, "subject": subject, "fixed": fixed, "other": other, "cursor": cursor}
