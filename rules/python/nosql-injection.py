import os

from flask import Blueprint, request
from pymongo import MongoClient

bp = Blueprint("orders", __name__)
client = MongoClient(os.environ["MONGO_URL"])
orders = client.shop.orders


@bp.post("/orders/search")
def search():
    criteria = request.get_json()
    # ruleid: NOSQL_INJECTION
    found = list(orders.find(criteria).limit(20))
    # ok: NOSQL_INJECTION
    mine = list(orders.find({"customer": str(criteria.get("customer"))}).limit(20))
    return {"found": found, "mine": mine}


@bp.get("/orders/by-note")
def by_note():
    note = request.args.get("note", "")
    # ruleid: NOSQL_INJECTION
    return {"n": orders.count_documents({"$where": "this.note.indexOf('" + note + "') >= 0"})}


@bp.get("/orders/position")
def position():
    text = request.args.get("text", "")
    # ok: NOSQL_INJECTION
    return {"at": "order notes".find(text)}


@bp.post("/orders/login-lookup")
def login_lookup():
    body = request.get_json()
    # ruleid: NOSQL_INJECTION
    customer = client.shop.customers.find_one({"email": body["email"], "active": True})
    # ok: NOSQL_INJECTION
    same = client.shop.customers.find_one({"email": str(body["email"]), "active": True})
    return {"found": customer is not None, "same": same is not None}
