import ldap
from flask import Blueprint, request
from ldap.filter import escape_filter_chars
from ldap3 import Connection, Server
from ldap3.utils.conv import escape_filter_chars as escape_ldap3

bp = Blueprint("staff", __name__)
BASE = "ou=staff,dc=example,dc=org"


@bp.get("/staff")
def staff():
    name = request.args.get("name", "")
    conn = Connection(Server("ldaps://ldap.example.org"), auto_bind=True)
    # ruleid: LDAP_INJECTION
    conn.search(BASE, "(cn=" + name + ")", attributes=["mail"])
    # ok: LDAP_INJECTION
    conn.search(BASE, f"(cn={escape_ldap3(name)})", attributes=["mail"])
    return {"entries": len(conn.entries)}


@bp.post("/staff/login")
def staff_login():
    uid = request.form["uid"]
    directory = ldap.initialize("ldaps://ldap.example.org")
    # ruleid: LDAP_INJECTION
    directory.simple_bind_s(f"uid={uid},{BASE}", request.form["password"])
    # ruleid: LDAP_INJECTION
    found = directory.search_s(BASE, ldap.SCOPE_SUBTREE, f"(uid={uid})")
    # ok: LDAP_INJECTION
    again = directory.search_s(BASE, ldap.SCOPE_SUBTREE, "(uid=%s)" % escape_filter_chars(uid))
    return {"found": len(found) + len(again)}
