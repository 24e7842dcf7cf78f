from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from flask import Flask, request, url_for
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


@app.get("/orders/open")
def open_order():
    order_id = request.args.get("id", "")
    # ok: OPEN_REDIRECT
    return flask_redirect(f"/orders/{order_id}")


@app.get("/orders/prefixed")
def prefixed():
    # ruleid: OPEN_REDIRECT
    return flask_redirect("/" + request.args.get("path", ""))


@app.get("/orders/for")
def order_for():
    # ok: OPEN_REDIRECT
    return flask_redirect(url_for("open_order", id=request.args.get("id", "")))
