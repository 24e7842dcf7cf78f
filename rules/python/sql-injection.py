import sqlite3

import azure.functions as func
import psycopg2
import requests
from django.db import connection
from django.views import View
from django.views.generic import ListView
from flask import Flask, request
from psycopg2 import sql
from sqlalchemy import select, text

from .models import Invoice

app = Flask(__name__)
SORTABLE = {"date": "issued_at", "total": "amount"}


def find_invoices(db, customer):
    # ruleid: SQL_INJECTION
    return db.execute("SELECT * FROM invoices WHERE customer = '%s'" % customer).fetchall()


@app.route("/invoices")
def invoices():
    conn = sqlite3.connect("billing.db")
    customer = request.args.get("customer", "")
    rows = find_invoices(conn, customer)
    # ok: SQL_INJECTION
    conn.execute("SELECT * FROM invoices WHERE customer = ?", (customer,))
    order = SORTABLE.get(request.args.get("sort"), "issued_at")
    # ok: SQL_INJECTION
    conn.execute(f"SELECT * FROM invoices ORDER BY {order}")
    year = int(request.args["year"])
    # ok: SQL_INJECTION
    conn.execute("SELECT * FROM invoices WHERE year = %d" % year)
    return {"rows": rows}


@app.post("/invoices/<int:invoice_id>/notes")
def add_note(invoice_id):
    note = request.get_json()["note"]
    stmt = "UPDATE invoices SET note = '{}' WHERE id = {}".format(note, invoice_id)
    with psycopg2.connect("dbname=billing") as pg, pg.cursor() as cur:
        # ruleid: SQL_INJECTION
        cur.execute(stmt)
        # ok: SQL_INJECTION
        cur.execute(f"SELECT * FROM invoices WHERE id = {invoice_id}")
        column = request.args.get("column", "amount")
        # ok: SQL_INJECTION
        cur.execute(sql.SQL("SELECT {} FROM invoices").format(sql.Identifier(column)))
    return {"ok": True}


def search(request):
    term = request.GET.get("q", "")
    # ruleid: SQL_INJECTION
    found = Invoice.objects.raw(f"SELECT * FROM billing_invoice WHERE title LIKE '%{term}%'")
    # ok: SQL_INJECTION
    same = Invoice.objects.raw("SELECT * FROM billing_invoice WHERE title LIKE %s", [f"%{term}%"])
    # ruleid: SQL_INJECTION
    extra = Invoice.objects.extra(where=["title = '" + term + "'"])
    with connection.cursor() as cursor:
        # ruleid: SQL_INJECTION
        cursor.execute("DELETE FROM billing_draft WHERE title = '" + term + "'")
    return found, same, extra


def report(session, request):
    region = request.POST["region"]
    # ruleid: SQL_INJECTION
    session.execute(text("SELECT SUM(amount) FROM invoices WHERE region = '" + region + "'"))
    # ok: SQL_INJECTION
    session.execute(text("SELECT SUM(amount) FROM invoices WHERE region = :region"), {"region": region})


def archive_invoices(session, request):
    # A SQLAlchemy statement binds the values it is given; text() inside it is still a sink.
    numbers = request.form.getlist("number")
    # ok: SQL_INJECTION
    rows = session.execute(select(Invoice).where(Invoice.number.in_(numbers))).scalars()
    region = request.form["region"]
    stmt = select(Invoice).where(Invoice.region == region)
    # ok: SQL_INJECTION
    found = session.execute(stmt)
    # ruleid: SQL_INJECTION
    raw = session.execute(select(Invoice).where(text("region = '" + region + "'")))
    return rows, found, raw


class InvoiceSearchView(View):
    def get(self, request, *args, **kwargs):
        sort = self.request.GET.get("sort", "issued_at")
        with connection.cursor() as cursor:
            # ruleid: SQL_INJECTION
            cursor.execute("SELECT * FROM billing_invoice ORDER BY " + sort)
            # ok: SQL_INJECTION
            cursor.execute("SELECT * FROM billing_invoice WHERE title = %s", [request.GET["title"]])
        return None


class InvoiceListView(ListView):
    def get_queryset(self):
        status = self.request.GET.get("status", "open")
        # ruleid: SQL_INJECTION
        return Invoice.objects.raw("SELECT * FROM billing_invoice WHERE status = '%s'" % status)


@app.get("/invoices/page")
def page():
    conn = sqlite3.connect("billing.db")
    number = request.args.get("page", type=int)
    # ok: SQL_INJECTION
    conn.execute(f"SELECT * FROM invoices LIMIT 50 OFFSET {number * 50}")
    raw = request.args.get("page")
    # ruleid: SQL_INJECTION
    conn.execute(f"SELECT * FROM invoices LIMIT 50 OFFSET {raw}")


def run_graphql(request):
    # A GraphQL schema executes a GraphQL document, not SQL.
    from .schema import schema

    # ok: SQL_INJECTION
    return schema.execute(request.body.decode())


@app.post("/jobs")
def run_job():
    from .jobs import executor

    # ok: SQL_INJECTION
    return {"id": executor.execute(request.form["job"], retries=3)}


def archive(request, store):
    year = request.GET.get("year", "")
    # ruleid: SQL_INJECTION
    store.execute("DELETE FROM billing_invoice WHERE year = " + year)


@app.get("/invoices/by-tag")
def by_tag():
    conn = sqlite3.connect("billing.db")
    # The builtin filter() keeps the request's values; only a queryset's .filter() returns records.
    tags = list(filter(None, request.args.getlist("tag")))
    # ruleid: SQL_INJECTION
    conn.execute("SELECT * FROM invoices WHERE tag = '" + tags[0] + "'")
    drafts = Invoice.objects.filter(title__icontains=request.args.get("q", ""))
    # ok: SQL_INJECTION
    conn.execute(f"SELECT * FROM invoices WHERE draft_id = {drafts.first().id}")


@app.get("/invoices/sync")
def sync_invoices():
    conn = sqlite3.connect("billing.db")
    # An outgoing call's response, not the incoming request.
    req = requests.get("https://erp.example.org/api/invoices")
    latest = req.json()
    # ok: SQL_INJECTION
    conn.execute("SELECT * FROM invoices WHERE number = '" + latest["number"] + "'")
    return {"ok": True}


def main(req: func.HttpRequest) -> func.HttpResponse:
    # An Azure Functions handler: the parameter's type says it is the incoming request.
    number = req.params.get("number", "")
    conn = sqlite3.connect("billing.db")
    # ruleid: SQL_INJECTION
    rows = conn.execute("SELECT * FROM invoices WHERE number = '" + number + "'").fetchall()
    return func.HttpResponse(str(len(rows)))


def caption(request, st):
    label = request.GET.get("label", "")
    # A UI library's text(), in a module that does not use SQLAlchemy's.
    # ok: SQL_INJECTION
    st.text(label)


@app.get("/invoices/export")
def export_invoices():
    status = request.args.get("status", "open")
    with psycopg2.connect("dbname=billing") as conn, conn.cursor() as cursor:
        # ruleid: SQL_INJECTION
        cursor.execute(query="SELECT * FROM invoices WHERE status = '" + status + "'")
        # ok: SQL_INJECTION
        cursor.execute(query="SELECT * FROM invoices WHERE status = %s", vars=(status,))
        rows = cursor.fetchall()
    local = sqlite3.connect("billing.db")
    # ruleid: SQL_INJECTION
    local.execute(sql=f"UPDATE invoices SET exported = 1 WHERE status = '{status}'")
    return {"rows": rows}


@app.get("/rows/<mode>")
def rows_by_mode(mode):
    value = request.args.get("value", "")
    conn = sqlite3.connect("rows.db")
    match mode:
        case "id":
            value = int(value)
        case "name":
            # ruleid: SQL_INJECTION
            conn.execute(f"SELECT * FROM rows WHERE name = '{value}'")
        case _:
            value = int(value)
    # The "name" case left the value as it was.
    # ruleid: SQL_INJECTION
    return {"rows": conn.execute(f"SELECT * FROM rows WHERE id = {value}").fetchall()}


@app.get("/invoices/async")
async def invoices_async():
    import asyncpg

    conn = await asyncpg.connect("postgresql://localhost/shop")
    customer = request.args.get("customer", "")
    # ruleid: SQL_INJECTION
    rows = await conn.fetch(f"SELECT * FROM invoices WHERE customer = '{customer}'")
    # ok: SQL_INJECTION
    safe = await conn.fetch("SELECT * FROM invoices WHERE customer = $1", customer)
    # An HTTP client's fetch is no query.
    # ok: SQL_INJECTION
    page = await fetch_page(f"https://example.com/invoices?customer={customer}")
    return {"rows": len(rows) + len(safe), "page": page}


@app.get("/invoices/filtered")
def filtered_invoices():
    conn = sqlite3.connect("billing.db")
    filters = request.args.to_dict()
    if "customer" in filters:
        # A key being present says nothing of its value.
        # ruleid: SQL_INJECTION
        conn.execute("SELECT * FROM invoices WHERE customer = '" + filters["customer"] + "'")
    status = filters.get("status", "open")
    if status in ("open", "paid"):
        # ok: SQL_INJECTION
        conn.execute("SELECT * FROM invoices WHERE status = '" + status + "'")
    return {}
