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


# A literal pattern whose repeated group can split a text two ways: a long run of word characters
# with no "@" makes the matcher try every split before it fails.
@app.put("/users/<username>/email")
def update_email(username):
    email = str(request.get_json().get("email"))
    # ruleid: REDOS
    valid = re.search(
        r"^([0-9a-zA-Z]([-.\w]*[0-9a-zA-Z])*@{1}([0-9a-zA-Z][-\w]*[0-9a-zA-Z]\.)+[a-zA-Z]{2,9})$",
        email)
    # ok: REDOS
    simple = re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-zA-Z]{2,}", email)
    # ok: REDOS
    words = re.findall(r"(?:[A-Z]{2})+", username)
    return {"valid": bool(valid and simple), "words": words}
