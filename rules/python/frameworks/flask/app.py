import os

import flask
from flask import Flask, make_response, redirect, render_template, render_template_string, request, send_file, send_from_directory, session, url_for
from werkzeug.utils import secure_filename

from services.comments import add_comment, recent_comments
from services.reports import report_path, save_avatar, save_upload

app = Flask(__name__)
app.secret_key = os.environ["FLASK_SECRET_KEY"]

UPLOAD_DIR = "/srv/notes/uploads"


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    # ruleid: XSS
    return "<h1>Hello " + name + "</h1>"


@app.route("/hello/module")
def hello_module():
    # The module-qualified proxy is the same request.
    name = flask.request.args.get("name", "")
    # ruleid: XSS
    return "<h1>Hello " + name + "</h1>"


@app.route("/hello/escaped")
def hello_escaped():
    # ok: XSS
    return render_template("hello.html", name=request.args.get("name", ""))


@app.route("/notes/<title>")
def note(title):
    # ruleid: XSS
    return make_response("<h2>" + title + "</h2>")


@app.route("/notes/<title>/module")
def note_module(title):
    # ruleid: XSS
    return flask.make_response("<h2>" + title + "</h2>")


@app.route("/notes/<int:note_id>/page")
def note_page(note_id):
    # ok: XSS
    return make_response("<p>Note %d</p>" % note_id)


@app.route("/preview", methods=["POST"])
def preview():
    body = request.form["body"]
    # ruleid: TEMPLATE_INJECTION, XSS
    return render_template_string(body)


@app.route("/login", methods=["POST"])
def login():
    target = request.values.get("next", "/")
    # ruleid: OPEN_REDIRECT
    return redirect(target)


@app.route("/logout")
def logout():
    session.clear()
    # ok: OPEN_REDIRECT
    return redirect(url_for("hello"))


@app.route("/theme", methods=["POST"])
def theme():
    data = request.get_json()
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["theme"] = data["theme"]
    return {"ok": True}


@app.route("/download")
def download():
    # ruleid: PATH_TRAVERSAL
    return send_file(report_path(request.args["report"]))


@app.route("/download/safe")
def download_safe():
    name = secure_filename(request.args["report"])
    # ok: PATH_TRAVERSAL
    return send_file(os.path.join(UPLOAD_DIR, name))


@app.route("/static-files/<folder>")
def static_files(folder):
    # ruleid: PATH_TRAVERSAL
    return send_from_directory(folder, "index.html")


@app.route("/uploads/<path:name>")
def uploads(name):
    # ok: PATH_TRAVERSAL
    return send_from_directory(UPLOAD_DIR, name)


@app.route("/upload", methods=["POST"])
def upload():
    save_upload(request.files["attachment"])
    save_avatar(request.files["avatar"], 7)
    return {"ok": True}


@app.route("/page")
def page():
    page_no = request.args.get("page", type=int)
    # ok: XSS
    return "<p>Page " + str(page_no) + "</p>"


@app.route("/comments", methods=["POST"])
def post_comment():
    add_comment(request.form["author"], request.form["text"])
    return redirect(url_for("comments"))


@app.route("/comments")
def comments():
    # Stored cross-site scripting: the comments a client posted (post_comment), printed with |safe in the template.
    return render_template("comments.html", comments=recent_comments())
