# Flask views behind the application's own administrators-only decorator (`@admins_only`, `@require_admin`,
# `@admin_required`): the folder an administrator types into a settings page is the operator's choice.
import os

from django.http import FileResponse
from django.views import View
from fastapi import APIRouter, Depends
from flask import Blueprint, request

from .base import BaseAdminView
from .decorators import APIHandler, EXPORT_ROLE, admin_role_required, admins_only, authed_only, check_admin, check_user_exists, member_role_required, needs_scope, operator_role_required, require_admin, roles_required

admin = Blueprint("admin", __name__)


@admin.route("/admin/export", methods=["POST"])
@admins_only
def export_to_folder():
    folder = request.form["folder"]
    # ok: PATH_TRAVERSAL
    with open(os.path.join(folder, "export.zip"), "wb") as fh:
        fh.write(b"")
    return "ok"


@admin.route("/admin/backups/<name>")
@require_admin
def read_backup(name):
    # ok: PATH_TRAVERSAL
    return open(os.path.join("/srv/backups", name), "rb").read()


# Signed in is not an administrator.
@admin.route("/files/<name>")
@authed_only
def read_file(name):
    # ruleid: PATH_TRAVERSAL
    return open(os.path.join("/srv/files", name), "rb").read()


# Class-based views deriving from the application's admin-only base view.
class BackupView(BaseAdminView):
    def get(self, request, name):
        # ok: PATH_TRAVERSAL
        return FileResponse(open(os.path.join("/srv/backups", name), "rb"))


class FileView(View):
    def get(self, request, name):
        # ruleid: PATH_TRAVERSAL
        return FileResponse(open(os.path.join("/srv/files", name), "rb"))


# A role or scope decorator that names only administrators' roles or admin-domain scopes.
@admin.route("/admin/logs/<name>")
@roles_required("admin")
def read_log(name):
    # ok: PATH_TRAVERSAL
    return open(os.path.join("/srv/logs", name), "rb").read()


class GroupArchiveHandler(APIHandler):
    @needs_scope('admin:groups')
    def get(self, group_name):
        # ok: PATH_TRAVERSAL
        self.write(open(os.path.join("/srv/groups", group_name), "rb").read())

    # Any user's scope, a role anyone may be given, and a computed name: no administrators-only declaration.
    @needs_scope('read:groups')
    def head(self, group_name):
        # ruleid: PATH_TRAVERSAL
        self.write(open(os.path.join("/srv/groups", group_name), "rb").read())


@admin.route("/reports/<name>")
@roles_required("admin", "editor")
def read_report(name):
    # ruleid: PATH_TRAVERSAL
    return open(os.path.join("/srv/reports", name), "rb").read()


@admin.route("/exports/<name>")
@roles_required(EXPORT_ROLE)
def read_export(name):
    # ruleid: PATH_TRAVERSAL
    return open(os.path.join("/srv/exports", name), "rb").read()


# FastAPI routes whose dependencies run the administrators-only check before the handler.
plugins = APIRouter(prefix="/api/v1/plugins")


@plugins.delete("/{plugin_id}/data", dependencies=[Depends(check_admin)])
async def delete_plugin_data(plugin_id: str):
    # ok: PATH_TRAVERSAL
    os.remove(os.path.join("/srv/plugins", f"{plugin_id}.sqlite3"))


@plugins.delete("/{plugin_id}/cache", dependencies=[Depends(check_user_exists)])
async def delete_plugin_cache(plugin_id: str):
    # ruleid: PATH_TRAVERSAL
    os.remove(os.path.join("/srv/plugin-cache", plugin_id))


# Decorators named for an administrators' role (`@admin_role_required`, and `@operator_role_required` where operators
# are the administrators' deputies who manage every zone and user); a member's role is anyone's.
@admin.route("/admin/templates/<name>")
@admin_role_required
def read_template(name):
    # ok: PATH_TRAVERSAL
    return open(os.path.join("/srv/templates", name), "rb").read()


@admin.route("/admin/zones/<name>/export")
@operator_role_required
def export_zone(name):
    # ok: PATH_TRAVERSAL
    return open(os.path.join("/srv/zones", name), "rb").read()


@admin.route("/zones/<name>/export")
@member_role_required
def export_own_zone(name):
    # ruleid: PATH_TRAVERSAL
    return open(os.path.join("/srv/zones", name), "rb").read()
