from flask import Flask, request, render_template
from markupsafe import escape

app = Flask(__name__)


@app.route("/search")
def search():
    q = request.args.get("q", "")
    return render_template("search.html", query=q, total=3)


@app.route("/profile")
def profile():
    bio = request.form["bio"]
    return render_template("profile.html", bio=bio, safe_bio=escape(bio), title="Profile")


@app.route("/contact")
def contact():
    context = {"message": request.args.get("message", ""), "office": "Berlin"}
    return render_template("contact.html", **context)


@app.route("/preview")
def preview():
    # `dict(...)` and `sorted(...)` hold the submitted fields themselves (not a value computed from them).
    fields = dict(request.form)
    return render_template("preview.html", fields=fields, tags=sorted(request.form.getlist("tag")))
