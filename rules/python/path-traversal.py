import os
import uuid
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from flask import Blueprint, abort, request, send_file, send_from_directory
from werkzeug.utils import secure_filename

bp = Blueprint("files", __name__)
app = FastAPI()
DOCS = "/srv/docs"
UPLOADS = Path("/srv/www/uploads")
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
