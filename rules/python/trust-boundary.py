from django.http import JsonResponse
from flask import Flask, request, session

from .models import Customer, EditingSession

app = Flask(__name__)


@app.post("/prefs")
def prefs():
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["tab"] = request.form["tab"]
    # ok: TRUST_BOUNDARY_VIOLATION
    session["signed_in"] = True
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
    return JsonResponse({"ok": True})


@app.post("/cart")
def add_to_cart():
    # A keyword argument named session does not rebind Flask's session.
    customer = Customer.lookup(email=request.form["email"], session=None)
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["cart_owner"] = request.form["owner"]
    return {"customer": customer.id}
