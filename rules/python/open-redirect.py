from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from flask import Flask, request
from flask import redirect as flask_redirect

app = Flask(__name__)


@app.get("/out")
def out():
    # ruleid: OPEN_REDIRECT
    return flask_redirect(request.args.get("url", "/"))


@app.get("/back")
def back():
    target = request.args.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


def after_login(request):
    nxt = request.GET.get("next", "/")
    if url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        # ok: OPEN_REDIRECT
        return redirect(nxt)
    # ruleid: OPEN_REDIRECT
    return redirect(nxt)
