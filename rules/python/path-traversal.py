import hashlib
import io
import os
import re
import shutil
import tarfile
import tempfile
import uuid
import zipfile
from pathlib import Path

import pathvalidate
from slugify import slugify

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from fastapi import FastAPI, File, UploadFile
from fastapi.responses import FileResponse
from flask import Blueprint, abort, request, send_file, send_from_directory
from werkzeug.utils import safe_join, secure_filename

bp = Blueprint("files", __name__)
app = FastAPI()
DOCS = "/srv/docs"
UPLOADS = Path("/srv/www/uploads")
MAX_BACKUP_BYTES = 50 * 1024 * 1024
ALLOWED_TYPES = {"image/png": ".png", "application/pdf": ".pdf"}


@bp.get("/docs")
def doc():
    name = request.args.get("name", "index.txt")
    # ruleid: PATH_TRAVERSAL
    with open(os.path.join(DOCS, name)) as fh:
        body = fh.read()
    # ok: PATH_TRAVERSAL
    with open(os.path.join(DOCS, os.path.basename(name))) as fh:
        body += fh.read()
    # ok: PATH_TRAVERSAL
    send_from_directory(DOCS, name)
    # ruleid: PATH_TRAVERSAL
    return send_file(DOCS + "/" + name)


@bp.post("/upload")
def upload():
    file = request.files["file"]
    # ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    file.save(os.path.join(UPLOADS, file.filename))
    # ruleid: UNSAFE_FILE_UPLOAD
    # ok: PATH_TRAVERSAL
    file.save(UPLOADS / secure_filename(file.filename))
    ext = ALLOWED_TYPES.get(file.mimetype)
    if ext is None:
        abort(415)
    # ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    file.save(UPLOADS / f"{uuid.uuid4().hex}{ext}")
    return {"ok": True}


@app.get("/reports/{name}")
def report(name: str):
    target = (Path("/srv/reports") / name).resolve()
    if not target.is_relative_to(Path("/srv/reports")):
        abort(404)
    # ok: PATH_TRAVERSAL
    data = target.read_text()
    # ruleid: PATH_TRAVERSAL
    return FileResponse(f"/srv/reports/{name}", headers={"X-Size": str(len(data))})


@bp.post("/import")
def import_rows():
    rows = request.files["rows"].read()
    with tempfile.NamedTemporaryFile(suffix=".csv", delete=False) as tmp_file:
        tmp_file.write(rows)
    # The temporary file's own path, not a name the client sent.
    # ok: UNSAFE_FILE_UPLOAD
    with open(tmp_file.name) as fh:
        return {"rows": len(fh.readlines())}


@bp.post("/import/yaml")
def import_yaml():
    upload = request.files["doc"]
    target = os.path.join("/srv/www/uploads", secure_filename(upload.filename))
    # ruleid: UNSAFE_FILE_UPLOAD
    with open(target, "wb") as out:
        out.write(upload.read())
    # Reading the stored file back stores nothing.
    # ok: UNSAFE_FILE_UPLOAD
    with open(target, "r") as fh:
        text = fh.read()
    # ruleid: UNSAFE_FILE_UPLOAD
    with open(target + ".bak", mode="w") as copy:
        copy.write(text)
    return {"size": len(text)}


def django_upload(request):
    uploaded_file = request.FILES["doc"]
    # ruleid: UNSAFE_FILE_UPLOAD
    # ok: PATH_TRAVERSAL
    return default_storage.save(uploaded_file.name, uploaded_file)


# Views only staff reach: the export folder is the operator's choice.
@staff_member_required
def export_folder(request):
    folder = request.POST["folder"]
    # ok: PATH_TRAVERSAL
    with open(os.path.join(folder, "export.csv"), "w") as fh:
        fh.write("")
    return {"ok": True}


def backup_folder(request):
    if not request.user.is_superuser:
        raise PermissionDenied
    # ok: PATH_TRAVERSAL
    return open(os.path.join(request.POST["folder"], "backup.tar"), "rb").read()


@login_required
def user_folder(request):
    # ruleid: PATH_TRAVERSAL
    return open(os.path.join("/srv/users", request.POST["folder"]), "rb").read()


def restore_backup(archive_path, dest):
    with tarfile.open(archive_path) as tar:
        # ruleid: PATH_TRAVERSAL
        tar.extractall(dest)


def restore_filtered(archive_path, dest):
    with tarfile.open(archive_path) as tar:
        # ok: PATH_TRAVERSAL
        tar.extractall(dest, filter="data")


def restore_vetted(archive_path, dest):
    tar = tarfile.open(archive_path, "r:gz")
    safe = [m for m in tar.getmembers() if not m.name.startswith(("/", "..")) and ".." not in m.name]
    # ok: PATH_TRAVERSAL
    tar.extractall(dest, members=safe)
    for member in tar.getmembers():
        # ruleid: PATH_TRAVERSAL
        with open(os.path.join(dest, member.name), "wb") as out:
            out.write(tar.extractfile(member).read())


@bp.post("/versions")
def upload_version():
    name = request.form["name"]
    folder = Path(tempfile.mkdtemp())
    # ok: PATH_TRAVERSAL
    (folder / Path(pathvalidate.sanitize_filename(name))).write_bytes(request.get_data())
    # ruleid: PATH_TRAVERSAL
    (folder / Path(pathvalidate.sanitize_filepath(name))).write_bytes(request.get_data())


# shutil.copyfileobj copies between two open file objects: neither argument names a file. The
# path that chooses where the bytes go is the one opened for the destination.
@app.post("/imports")
def import_archive(archive: UploadFile = File(...)):
    dest = Path(tempfile.mkdtemp()) / "archive.zip"
    with dest.open("wb") as buffer:
        # ok: PATH_TRAVERSAL
        shutil.copyfileobj(archive.file, buffer)
    # ruleid: PATH_TRAVERSAL
    shutil.copyfile(archive.filename, dest)


@app.post("/avatars")
def upload_avatar(image: UploadFile = File(...)):
    target = scratch_folder().joinpath(image.filename)
    # ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
    with target.open("wb") as buffer:
        # ok: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
        shutil.copyfileobj(image.file, buffer)
    # ruleid: PATH_TRAVERSAL
    # ok: UNSAFE_FILE_UPLOAD
    return {"size": len(target.read_bytes())}


def scratch_folder():
    return Path(tempfile.mkdtemp())


# Werkzeug's safe_join gives None for a path that would leave the folder (Django's raises).
@bp.get("/themes/<theme>/static/<path:path>")
def theme_static(theme, path):
    candidate = safe_join(DOCS, "themes", theme, "static", path)
    if candidate is None:
        abort(404)
    # ok: PATH_TRAVERSAL
    return send_file(candidate, max_age=3600)


@login_required
def set_avatar(request):
    form = AvatarForm(request.POST, request.FILES)
    profile = form.save(commit=False)
    name = request.POST.get("name", "avatar.png")
    # A model's FileField saves through its storage, which rejects `..` and absolute names
    # (`FieldFile.save(name, content, save=False)`).
    # ok: PATH_TRAVERSAL
    profile.avatar.save(name, ContentFile(request.FILES["avatar"].read()), save=False)
    # ok: PATH_TRAVERSAL
    profile.banner.save(name, ContentFile(b""))
    upload = request.files["banner"]
    # Werkzeug's FileStorage.save writes where it is told.
    # ruleid: PATH_TRAVERSAL
    upload.save(os.path.join(UPLOADS, name), 16384)
    return profile


@bp.post("/restore")
def restore_backup():
    upload = request.files.get("zip_file")
    raw = upload.read(MAX_BACKUP_BYTES + 1)
    zip_bytes = io.BytesIO(raw)
    # An in-memory buffer of the upload is no path.
    # ok: PATH_TRAVERSAL
    with zipfile.ZipFile(zip_bytes) as archive:
        names = archive.namelist()
    # ok: PATH_TRAVERSAL
    return send_file(io.BytesIO(raw), download_name="backup.zip") if names else abort(400)


@bp.get("/archive")
def open_archive():
    # ruleid: PATH_TRAVERSAL
    with zipfile.ZipFile(os.path.join(UPLOADS, request.args["name"])) as archive:
        return {"names": archive.namelist()}


@bp.post("/import")
def import_book():
    upload = request.files["book"]
    # The stored name is the hex digest of the client's: hex digits whatever it was.
    digest = hashlib.md5(upload.filename.encode("utf-8")).hexdigest()
    staged = os.path.join(tempfile.gettempdir(), digest)
    # ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    upload.save(staged)
    # ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    with open(staged + ".jpg", "wb") as cover:
        cover.write(b"")
    # ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    upload.save(os.path.join(tempfile.gettempdir(), upload.filename.lower()))
    return {"staged": digest}


# A check of the request's entry itself (`request.args["report"]`) vets that entry where it is read again.
REPORTS = {"daily.txt", "weekly.txt"}


@bp.get("/reports/latest")
def latest_report():
    if request.args["report"] not in REPORTS:
        abort(404)
    # ok: PATH_TRAVERSAL
    with open(os.path.join(DOCS, request.args["report"])) as fh:
        body = fh.read()
    # ruleid: PATH_TRAVERSAL
    with open(os.path.join(DOCS, request.args["archive"])) as fh:
        body += fh.read()
    return body


# A character allow-list keeps letters, digits, `_` and `-` only: no slash is left to climb out of the folder.
# A range across punctuation (`.-z` holds `/`) or a replacement that puts a slash back is no allow-list.
@bp.route("/assets/<string:theme>/<string:asset>")
def theme_asset(theme, asset):
    folder = re.sub(r"[^a-z0-9_-]+", "", theme.lower())
    # ok: PATH_TRAVERSAL
    with open(os.path.join("/srv/themes", folder, "style.css")) as fh:
        css = fh.read()
    loose = re.sub(r"[^.-z]", "", asset)
    # ruleid: PATH_TRAVERSAL
    with open(os.path.join("/srv/themes", loose)) as fh:
        css += fh.read()
    nested = re.sub(r"[^a-z]", "/", request.args.get("path", ""))
    # ruleid: PATH_TRAVERSAL
    with open(os.path.join("/srv/themes", nested)) as fh:
        css += fh.read()
    return css


# A file record the server keeps (a cache entry, a stored export) is named by the server: its `.filename` is
# no upload's, whatever the variable holding it is called.
def export_bundle(cached_file, stored_attachment, tmp_path):
    with open(tmp_path, "rb") as fh:
        # ok: UNSAFE_FILE_UPLOAD
        cached_file.file.save(cached_file.filename, File(fh))
        # ok: UNSAFE_FILE_UPLOAD
        cached_file.file.save(stored_attachment.filename, File(fh))


@bp.post("/avatar")
def avatar_upload():
    new_file = request.files["avatar"]
    # ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    new_file.save(os.path.join(UPLOADS, new_file.filename))
    return "ok"


# `relative_to` raises ValueError for a path outside the base; after it (in the `try`) a path that was resolved
# first stays under the base. The check is lexical: a path not resolved may still climb out with `..`.
@bp.post("/mail/inline-image")
def inline_image():
    root = Path("/srv/app/static").resolve()
    picked = (root / request.form["src"].lstrip("/")).resolve()
    try:
        picked.relative_to(root)
    except ValueError:
        abort(404)
    # ok: PATH_TRAVERSAL
    with picked.open("rb") as fh:
        return fh.read()


@bp.post("/mail/inline-attachment")
def inline_attachment():
    root = Path("/srv/app/static")
    unresolved = root / request.form["src"].lstrip("/")
    try:
        unresolved.relative_to(root)
    except ValueError:
        abort(404)
    # ruleid: PATH_TRAVERSAL
    with unresolved.open("rb") as fh:
        return fh.read()


# A rename's destination named by the request: the picture is moved wherever the name leads.
AVATARS = "/srv/app/avatars"


@bp.route("/profile/rename", methods=["POST"])
def rename_avatar():
    new_name = request.form.get("username")
    old_path = os.path.join(AVATARS, "current.png")
    # ruleid: PATH_TRAVERSAL
    os.rename(old_path, AVATARS + "/" + new_name + ".png")
    # ok: PATH_TRAVERSAL
    os.replace(old_path, os.path.join(AVATARS, uuid.uuid4().hex + ".png"))
    # ruleid: PATH_TRAVERSAL
    shutil.move(old_path, dst=os.path.join(AVATARS, new_name))


# A slug of the submitted name (python-slugify): letters, digits and `-` only, so the file stays in the folder.
@bp.post("/recipes/assets")
def upload_recipe_asset():
    name = request.form["name"]
    extension = request.form["extension"]
    file_slug = slugify(name)
    # ok: PATH_TRAVERSAL
    with open(UPLOADS / f"{file_slug}.pdf", "wb") as fh:
        fh.write(request.files["file"].read())
    # A pattern of the caller's keeps what it allows (here `/` and `.`).
    # ruleid: PATH_TRAVERSAL
    with open(UPLOADS / slugify(name, regex_pattern=r"[^-a-z0-9./]+"), "wb") as fh:
        fh.write(request.files["file"].read())
    # The extension is not slugified.
    # ruleid: PATH_TRAVERSAL
    with open(UPLOADS / f"{file_slug}.{extension}", "wb") as fh:
        fh.write(request.files["file"].read())
    return {"ok": True}
