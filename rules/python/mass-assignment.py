from fastapi import Body, FastAPI
from flask import Flask, request
from django.http import QueryDict
from flask_login import current_user
from pydantic import BaseModel, ConfigDict, Extra

from .models import Customer, Page
from .decorators import admins_only
from . import schemas

api = FastAPI()
app = Flask(__name__)


class CustomerIn(BaseModel):
    name: str


@api.post("/customers")
def create_customer(body: dict = Body(...)):
    # ruleid: MASS_ASSIGNMENT
    return Customer(**body)


@app.post("/customers/<int:cid>")
def patch_customer(cid):
    customer = Customer.query.get(cid)
    for field, value in request.get_json().items():
        # ruleid: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return {"ok": True}


@app.post("/profile")
def update_profile():
    profile = Customer.query.get(request.args["id"])
    # ruleid: MASS_ASSIGNMENT
    profile.__dict__.update(request.get_json())
    # ok: MASS_ASSIGNMENT
    profile.__dict__.update({"name": str(request.form.get("name", ""))})
    return {"ok": True}


@api.put("/customers/{cid}")
def update_customer(cid: int, body: CustomerIn):
    customer = Customer.get(cid)
    for field, value in body.model_dump().items():
        # ok: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return customer


def add_customer(*, session, customer_in: CustomerIn):
    # ok: MASS_ASSIGNMENT
    customer = Customer(**customer_in.dict(exclude={"tags"}))
    session.add(customer)
    return customer


@api.post("/customers/v1")
def create_customer_v1(customer_in: CustomerIn):
    return add_customer(session=None, customer_in=customer_in)


@api.patch("/customers/{cid}/v1")
def patch_customer_v1(cid: int, customer_in: CustomerIn):
    customer = Customer.get(cid)
    changes = customer_in.dict(exclude_unset=True)
    for field in changes:
        # ok: MASS_ASSIGNMENT
        setattr(customer, field, changes[field])
    return customer


class CustomerPatch(BaseModel, extra=Extra.allow):
    # Undeclared fields are kept: whatever the client sends is in the dump.
    name: str | None = None


class CustomerSettings(BaseModel):
    model_config = ConfigDict(extra="allow")
    theme: str | None = None


class CustomerRename(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: str


@api.patch("/customers/{cid}/v2")
def patch_customer_v2(cid: int, patch: CustomerPatch):
    customer = Customer.get(cid)
    for field, value in patch.dict().items():
        # ruleid: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return customer


@api.put("/customers/{cid}/settings")
def put_customer_settings(cid: int, settings: CustomerSettings):
    customer = Customer.get(cid)
    for field, value in settings.model_dump().items():
        # ruleid: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return customer


@api.put("/customers/{cid}/name")
def rename_customer(cid: int, rename: CustomerRename):
    customer = Customer.get(cid)
    for field, value in rename.model_dump().items():
        # ok: MASS_ASSIGNMENT
        setattr(customer, field, value)
    return customer


def add_customer_from_schema(session, customer_in: schemas.CustomerIn):
    fields = customer_in.dict()
    # ok: MASS_ASSIGNMENT
    customer = Customer(**fields)
    session.add(customer)
    return customer


@api.post("/customers/v3")
def create_customer_v3(customer_in: schemas.CustomerIn):
    return add_customer_from_schema(None, customer_in)


@app.post("/customers/form")
def create_from_form():
    # ruleid: MASS_ASSIGNMENT
    return Customer(**request.form.dict())


@app.post("/customers/form-typed")
def create_from_typed_form(data: QueryDict = None):
    data = request.form
    # ruleid: MASS_ASSIGNMENT
    return Customer(**data.dict())


@api.post("/customers/named")
def create_named(body: dict = Body(...)):
    # ok: MASS_ASSIGNMENT
    return Customer(**{"name": str(body.get("name", ""))})


@api.post("/customers/built")
def create_built(body: dict = Body(...)):
    fields = {"name": str(body.get("name", ""))}
    # ok: MASS_ASSIGNMENT
    return Customer(**fields)


def copy_page(page, update_attrs):
    revision = page.latest_revision()
    for field, value in update_attrs.items():
        setattr(revision, field, value)
    return revision


@app.post("/pages/<int:page_id>/copy")
def copy(page_id):
    # The request picks a parent page by id; the copied fields are the view's own.
    parent = Page.objects.get(id=request.form["parent"])
    return {"id": copy_page(parent, {"title": parent.title, "slug": parent.slug}).id}


@app.post("/notes")
def create_note():
    note = {"author": current_user.id, "public": False}
    # ruleid: MASS_ASSIGNMENT
    note.update(request.get_json())
    return save_note(note)


@app.get("/notes")
def list_notes():
    # Defaults a client may override are not a record of the server's.
    query = {"page": 1, "per_page": 20}
    # ok: MASS_ASSIGNMENT
    query.update(request.args.to_dict())
    return find_notes(current_user.id, query)


@app.post("/admin/pages")
@admins_only
def admin_create_page():
    # An administrator's form that binds the whole record is the feature: the role sets every field anyway.
    # ok: MASS_ASSIGNMENT
    return Page(**request.get_json())
