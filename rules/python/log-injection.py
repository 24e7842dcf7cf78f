import datetime
import logging
import re
from ipaddress import ip_address

import dateutil.parser

from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver
from django.http import JsonResponse
from django.shortcuts import redirect
from django.utils.dateparse import parse_date
from django.views import View
from flask import Flask, request

from .models import Page

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.post("/signin")
def signin():
    user = request.form.get("user", "")
    # ruleid: LOG_INJECTION
    log.info("sign-in attempt by %s", user)
    # ruleid: LOG_INJECTION
    log.warning(f"sign-in attempt by {user}")
    # ruleid: LOG_INJECTION
    log.warning("sign-in attempt by {}".format(user))
    # ok: LOG_INJECTION
    log.info("sign-in attempt by %s", user.replace("\n", "").replace("\r", ""))
    return "ok"


@app.get("/whoami")
def whoami():
    # A header value cannot hold CR/LF: the HTTP parser ends the header there.
    agent = request.headers.get("User-Agent", "")
    # ok: LOG_INJECTION
    log.info("request from %s", agent)
    # A parsed address cannot hold a line break either.
    client = ip_address(request.args.get("ip", "127.0.0.1"))
    # ok: LOG_INJECTION
    log.info("lookup for %s", client)
    return "ok"


class MovePageView(View):
    def post(self, request):
        # The record found by the posted id is the database's data, not the client's text.
        parent = Page.objects.get(id=request.POST["parent"])
        # ok: LOG_INJECTION
        log.info('page moved under "%s" (id=%d)', parent.title, parent.id)
        moved = Page.objects.filter(pk__in=request.POST.getlist("pk")).count()
        # ok: LOG_INJECTION
        log.info("moved %d pages", moved)
        return JsonResponse({"moved": moved})


@receiver(user_login_failed)
def log_failed_login(sender, credentials, request, **kwargs):
    # The username the client typed into the sign-in form.
    username = credentials.get("username")
    # ruleid: LOG_INJECTION
    log.warning(f"failed sign-in for {username}")


class TokenProvisionView(View):
    def post(self, request):
        serializer = TokenSerializer(data=request.POST)
        serializer.is_valid(raise_exception=True)
        model = serializer.Meta.model
        # The model's name is the code's, not the request's.
        # ok: LOG_INJECTION
        log.info(f"Creating new {model._meta.verbose_name}")
        # ruleid: LOG_INJECTION
        log.info(f"Creating token named {serializer.validated_data['name']}")
        return JsonResponse({})


@app.get("/report")
def report():
    # A value parsed as a date is a date, whatever the request sent.
    since = datetime.datetime.strptime(request.args.get("since", ""), "%Y-%m-%d")
    # ok: LOG_INJECTION
    log.info("report since %s", since)
    until = dateutil.parser.parse(request.args.get("until", ""))
    # ok: LOG_INJECTION
    log.info("report until %s", until)
    # ok: LOG_INJECTION
    log.info("report day %s", parse_date(request.args.get("day", "")))
    # ruleid: LOG_INJECTION
    log.info("report for %s", request.args.get("since", ""))
    return ""


@app.post("/share")
def share():
    # The addresses as a list: its repr writes each one quoted, a line break as `\n`.
    addresses = [a.strip() for a in request.form.get("to", "").split(",")]
    # ok: LOG_INJECTION
    log.info(f"shared with {addresses}")
    # ok: LOG_INJECTION
    log.info(f"shared with {[a.lower() for a in addresses]}")
    # Joined, the addresses are raw text again.
    # ruleid: LOG_INJECTION
    log.info(f"shared with {', '.join(addresses)}")
    for address in addresses:
        # ruleid: LOG_INJECTION
        log.info(f"shared with {address}")
    # logging prints an argument through str(): a list's repr.
    # ok: LOG_INJECTION
    log.info("shared with %s", addresses)
    # ruleid: LOG_INJECTION
    log.info("shared with %s", ", ".join(addresses))
    return "ok"


@app.post("/reset")
def reset_password():
    email = request.form.get("email", "")
    # `{email!r}` and `{email=}` print repr(email): quoted, a line break written as `\n`.
    # ok: LOG_INJECTION
    log.warning(f"no account for {email!r}")
    # ok: LOG_INJECTION
    log.warning(f"no account for {email=}")
    # `!s` and a format spec print the text itself.
    # ruleid: LOG_INJECTION
    log.warning(f"no account for {email=!s}")
    # ruleid: LOG_INJECTION
    log.warning(f"no account for {email=:>40}")
    return "ok"


@app.post("/view-settings")
def save_view_settings():
    settings = request.get_json()
    name = request.form.get("name", "")
    # %r prints the repr: a line break comes out as \n, quoted.
    # ok: LOG_INJECTION
    log.error("Could not save view settings: %r %r", request, settings)
    # ok: LOG_INJECTION
    log.info("Creating user object (%r), attempt %d", name, 1)
    # A %s beside it prints that argument raw.
    # ruleid: LOG_INJECTION
    log.info("Creating user %s (%r)", name, name)
    # The debug level is off in production (logging's default level is WARNING, deployments log INFO and up).
    # ok: LOG_INJECTION
    log.debug("Creating user %s", name)
    # ok: LOG_INJECTION
    log.debug("token is valid --> %s", name == request.form.get("token"))
    return "ok"


def display_name(name):
    # An empty name is given back as it is: it carries nothing.
    if not name:
        return name
    if not re.fullmatch(r"[A-Za-z ]+", name):
        raise ValueError("not a name")
    return name


def shown_name(name):
    if not name:
        return "anonymous"
    return name.strip()


@app.get("/hello")
def hello():
    # ok: LOG_INJECTION
    log.info("hello %s", display_name(request.args.get("name")))
    # ruleid: LOG_INJECTION
    log.info("hello %s", shown_name(request.args.get("nick")))



SYNC_HANDLERS = {"workout": object(), "weight": object()}


@app.post("/sync")
def sync():
    table = request.json["table"]
    # ruleid: LOG_INJECTION
    log.info("sync for table %s", table)
    handler = SYNC_HANDLERS.get(table)
    if not handler:
        return {"error": "unknown table"}, 400
    # A key the constant table holds is one the code wrote.
    # ok: LOG_INJECTION
    log.warning("sync of table %s failed", table)
    mode = request.json["mode"]
    handler = SYNC_HANDLERS.get(mode)
    if handler is None:
        return {"error": "unknown mode"}, 400
    # The look-up failing is written as `is None` too.
    # ok: LOG_INJECTION
    log.warning("sync in mode %s", mode)
    kind = request.json["kind"]
    if not SYNC_HANDLERS.get(kind):
        log.info("unknown kind")
    # ruleid: LOG_INJECTION
    log.warning("kind %s", kind)
    return {"ok": True}


# repr() writes the line breaks of a string as `\n`: the value stays on one line, also through a helper.
def quoted_for_log(value, limit=200):
    text = repr(value)
    return text[:limit]


@app.post("/servers")
def create_server():
    name = request.form.get("name", "")
    # ok: LOG_INJECTION
    log.error(f"invalid server name: {repr(name)}")
    # ok: LOG_INJECTION
    log.error(f"invalid server name: {quoted_for_log(name)}")
    # ruleid: LOG_INJECTION
    log.error(f"invalid server name: {str(name)[:200]}")
    return "bad", 400


# A FastAPI route behind the administrators-only dependency: the operator's own input.
from fastapi import APIRouter, Depends

from .auth import check_admin, check_user_exists

plugin_admin = APIRouter()


@plugin_admin.put("/{plugin_id}/activate", dependencies=[Depends(check_admin)])
async def activate_plugin(plugin_id: str):
    # ok: LOG_INJECTION
    log.info(f"Activating plugin: '{plugin_id}'.")


@plugin_admin.post("/{plugin_id}/callback", dependencies=[Depends(check_user_exists)])
async def plugin_callback(plugin_id: str):
    # ruleid: LOG_INJECTION
    log.info(f"Callback for plugin: '{plugin_id}'.")



# A slice of the name compared, or the name compared with another value: the rest of it is still the client's.
@app.route("/session", methods=["POST"])
def start_session():
    username = request.form.get("user")
    if username[-4:].lower() == "totp":
        # ruleid: LOG_INJECTION
        log.info("User " + username + " has TOTP enabled")
    if username == "admin":
        # ok: LOG_INJECTION
        log.info("User " + username + " signs in")
    return ""


def rename_account(request, current_name):
    new_name = request.POST.get("username")
    if new_name != current_name:
        # ruleid: LOG_INJECTION
        log.info("Renaming " + current_name + " to " + new_name)


def choose_target(request):
    # A redirect response built and kept is no exit: the log line below runs after either branch.
    target = request.POST.get("target")
    if target:
        next_view = target
        # ruleid: OPEN_REDIRECT
        response = redirect(next_view)
    else:
        next_view = "feed"
        response = redirect(next_view)
    # ruleid: LOG_INJECTION
    log.info("Redirecting to view: " + next_view)
    return response
