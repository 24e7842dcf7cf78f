import json

from django.core import signing
from django.http import JsonResponse
from flask import Flask, request, session
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.utils.module_loading import import_string

from .models import Admins, Customer, EditingSession, PrefsStore, db

app = Flask(__name__)
EngineStore = import_string(f"{settings.SESSION_ENGINE}.SessionStore")


@app.post("/prefs")
def prefs():
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["tab"] = request.form["tab"]
    # ok: TRUST_BOUNDARY_VIOLATION
    session["signed_in"] = True
    # Where to go after signing in is trusted by nothing (its redirect is checked where it is read).
    # ok: TRUST_BOUNDARY_VIOLATION
    session["next_path"] = str(request.args.get("next_path", ""))
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["next_role"] = request.args.get("role")
    return "ok"


@app.post("/switch")
def switch():
    customer = Customer.query.filter_by(email=request.form["email"]).first()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["customer_id"] = customer.id
    return "ok"


def ping(request, object_id):
    # A model instance that happens to be called `session`, validated before it is saved.
    session = EditingSession.objects.filter(object_id=object_id, user=request.user).first()
    if session is None:
        session = EditingSession(object_id=object_id, user=request.user)
    # ok: TRUST_BOUNDARY_VIOLATION
    session.is_editing = request.POST.get("is_editing", False)
    session.full_clean()
    session.save()
    return JsonResponse({"ok": True})


def remember_theme(request):
    # ruleid: TRUST_BOUNDARY_VIOLATION
    request.session["theme"] = request.POST["theme"]
    # ok: TRUST_BOUNDARY_VIOLATION
    request.session["came_from"] = request.GET.get("next", "/")
    return JsonResponse({"ok": True})


@app.post("/cart")
def add_to_cart():
    # A keyword argument named session does not rebind Flask's session.
    customer = Customer.lookup(email=request.form["email"], session=None)
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["cart_owner"] = request.form["owner"]
    return {"customer": customer.id}


@app.get("/resume")
def resume():
    # A remember-me cookie the server signed: what passes the signature check is what it issued.
    remembered = URLSafeSerializer(app.secret_key, salt="remember").loads(request.cookies["remember"])
    # ok: TRUST_BOUNDARY_VIOLATION
    session["_user_id"] = remembered["user"]
    signer = URLSafeTimedSerializer(app.secret_key)
    invited = signer.loads(request.args["invite"], max_age=3600)
    # ok: TRUST_BOUNDARY_VIOLATION
    session["team"] = invited["team"]
    # ok: TRUST_BOUNDARY_VIOLATION
    session["plan"] = signing.loads(request.args["plan"])
    # Read without a signature check, the cookie is the client's.
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["theme"] = json.loads(request.cookies["prefs"])["theme"]
    return "ok"


@app.post("/event-access")
def event_access():
    # A session the client names by its key (`SessionStore(key).load()`) gives back what the server stored in
    # it: whoever knows the key, the dict holds the server's own values, not the request's.
    store = SessionStore(request.form.get("session"))
    data = store.load()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["parent"] = data.get("parent_session")
    other = import_module(settings.SESSION_ENGINE).SessionStore(request.form["other"]).load()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["other_parent"] = other["parent_session"]
    handed = EngineStore(request.form.get("handover")).load()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["handed_parent"] = handed.get("parent_session")
    # The key itself is still the client's.
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["parent_key"] = request.form.get("session")
    # A store of the project's own that only parses what it is given is no session store.
    prefs = PrefsStore(request.form.get("prefs")).load()
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["theme"] = prefs["theme"]
    return "ok"


@app.post("/setup")
def setup():
    # The first administrator, created from the setup form, is signed in with the row's own key.
    admin = Admins(name=request.form["name"], email=request.form["email"], password=request.form["password"], type="admin")
    db.session.add(admin)
    db.session.commit()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["id"] = admin.id
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["name"] = admin.name
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["team_id"] = request.get_json()["team"]
    return "ok"
