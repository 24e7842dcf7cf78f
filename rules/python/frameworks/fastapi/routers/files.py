import os

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from pydantic import UUID4, PositiveInt

router = APIRouter(prefix="/files")
FILES_DIR = "/srv/files"


@router.get("/{folder}/{name}")
async def get_file(request: Request):
    name = request.path_params["name"]
    # ruleid: PATH_TRAVERSAL
    return FileResponse(os.path.join(FILES_DIR, name))


@router.get("/safe/{name}")
async def get_file_safe(name: str):
    # ok: PATH_TRAVERSAL
    return FileResponse(os.path.join(FILES_DIR, os.path.basename(name)))


@router.post("/render")
async def render(request: Request):
    body = await request.body()
    # ruleid: XSS
    return Response(content=body, media_type="text/html")


@router.post("/raw")
async def raw(request: Request):
    body = await request.json()
    # ok: XSS
    return Response(content=str(body), media_type="text/plain")


# Pydantic's typed scalars are validated before the handler runs: a UUID or a positive number holds no path.
@router.get("/owners/{owner_id}/pages/{page}")
async def owner_page(owner_id: UUID4, page: PositiveInt):
    # ok: PATH_TRAVERSAL
    return FileResponse(os.path.join(FILES_DIR, str(owner_id), f"{page}.html"))


@router.get("/owners/{owner_id}/files/{name}")
async def owner_file(owner_id: UUID4, name: str):
    # ruleid: PATH_TRAVERSAL
    return FileResponse(os.path.join(FILES_DIR, str(owner_id), name))
