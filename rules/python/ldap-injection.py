import re

import ldap
from flask import Blueprint, request
from ldap.filter import escape_filter_chars
from ldap3 import Connection, Server
from ldap3.utils.conv import escape_filter_chars as escape_ldap3

bp = Blueprint("staff", __name__)
BASE = "ou=staff,dc=example,dc=org"


def directory():
    return Connection(Server("ldaps://ldap.example.org"), auto_bind=True)


@bp.get("/staff")
def staff():
    name = request.args.get("name", "")
    conn = directory()
    # ruleid: LDAP_INJECTION
    conn.search(BASE, "(cn=" + name + ")", attributes=["mail"])
    # ok: LDAP_INJECTION
    conn.search(BASE, f"(cn={escape_ldap3(name)})", attributes=["mail"])
    query = f"(&(objectClass=person)(mail={name}))"
    # ruleid: LDAP_INJECTION
    conn.search(search_base=BASE, search_filter=query)
    # A regular expression search in the same module is not a directory search.
    # ok: LDAP_INJECTION
    found = re.compile(r"\w+").search(name)
    return {"entries": len(conn.entries), "word": bool(found)}


@bp.post("/staff/login")
def staff_login():
    uid = request.form["uid"]
    # ruleid: LDAP_INJECTION
    Connection(Server("ldaps://ldap.example.org"), user=f"uid={uid},{BASE}", password=request.form["password"])
    client = ldap.initialize("ldaps://ldap.example.org")
    # ruleid: LDAP_INJECTION
    client.simple_bind_s(f"uid={uid},{BASE}", request.form["password"])
    # ruleid: LDAP_INJECTION
    found = client.search_s(BASE, ldap.SCOPE_SUBTREE, f"(uid={uid})")
    # ok: LDAP_INJECTION
    again = client.search_s(BASE, ldap.SCOPE_SUBTREE, "(uid=%s)" % escape_filter_chars(uid))
    return {"found": len(found) + len(again)}
