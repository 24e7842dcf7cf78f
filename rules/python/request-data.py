import logging
import re

from fastapi import Body, FastAPI
from flask import Flask, make_response, request, session
from pydantic import BaseModel
from werkzeug.utils import secure_filename

from .models import Customer

app = Flask(__name__)
api = FastAPI()
log = logging.getLogger(__name__)
TABS = {"orders", "invoices"}


@app.post("/signin")
def signin():
    user = request.form.get("user", "")
    # ruleid: LOG_INJECTION
    log.info("sign-in attempt by %s", user)
    # ok: LOG_INJECTION
    log.info("sign-in attempt by %s", user.replace("\n", "").replace("\r", ""))
    # ruleid: TRUST_BOUNDARY_VIOLATION
    session["tab"] = request.form["tab"]
    # ok: TRUST_BOUNDARY_VIOLATION
    session["signed_in"] = True
    return "ok"


@app.get("/download")
def download():
    name = request.args.get("name", "data")
    resp = make_response("...")
    # ruleid: HEADER_INJECTION
    resp.headers["Content-Disposition"] = "attachment; filename=" + name
    # ok: HEADER_INJECTION
    resp.headers["X-File"] = secure_filename(name)
    # ruleid: REDOS
    matcher = re.compile(request.args.get("filter", ".*"))
    # ok: REDOS
    literal = re.compile(re.escape(name))
    return resp if matcher and literal else None


class Tabs:
    def orders(self):
        return []


@app.get("/tab/<tab>")
def tab(tab):
    # ruleid: UNSAFE_REFLECTION
    rows = getattr(Tabs(), tab)()
    if tab not in TABS:
        return {"error": "unknown tab"}, 404
    # ok: UNSAFE_REFLECTION
    return {"rows": rows, "same": getattr(Tabs(), tab)()}


class CustomerIn(BaseModel):
    name: str


@api.post("/customers")
def create_customer(body: dict = Body(...)):
    # ruleid: MASS_ASSIGNMENT
    return Customer(**body)


@api.put("/customers/{cid}")
def update_customer(cid: int, body: CustomerIn):
    customer = Customer.get(cid)
    for field, value in body.model_dump().items():
        # ok: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return customer


@api.post("/customers/named")
def create_named(body: dict = Body(...)):
    # ok: MASS_ASSIGNMENT
    return Customer(**{"name": str(body.get("name", ""))})


@api.post("/customers/built")
def create_built(body: dict = Body(...)):
    fields = {"name": str(body.get("name", ""))}
    # ok: MASS_ASSIGNMENT
    return Customer(**fields)


@app.post("/switch")
def switch():
    customer = Customer.query.filter_by(email=request.form["email"]).first()
    # ok: TRUST_BOUNDARY_VIOLATION
    session["customer_id"] = customer.id
    return "ok"
