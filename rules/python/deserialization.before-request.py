# Preferences kept in a cookie, unpickled before every request.
from base64 import b64decode, b64encode
from pickle import dumps, loads

from flask import Flask, g, make_response, redirect, request

app = Flask(__name__)
DEFAULTS = {"mode": "light"}


@app.before_request
def load_preferences():
    raw = request.cookies.get("preferences")
    if raw is None:
        prefs = DEFAULTS
    else:
        # ruleid: INSECURE_DESERIALIZATION
        prefs = loads(b64decode(raw))
    g.preferences = prefs


@app.post("/darkmode")
def toggle_darkmode():
    prefs = dict(g.preferences)
    prefs["mode"] = "dark"
    response = make_response(redirect("/account"))
    response.set_cookie("preferences", b64encode(dumps(prefs)).decode())
    return response


@app.get("/defaults")
def defaults():
    # ok: INSECURE_DESERIALIZATION
    return loads(dumps(DEFAULTS))
