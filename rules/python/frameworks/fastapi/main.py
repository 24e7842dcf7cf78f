import logging
from typing import Optional, Union
from uuid import UUID

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from routers import files

app = FastAPI()
logger = logging.getLogger(__name__)
app.include_router(files.router)
templates = Jinja2Templates(directory="templates")


@app.get("/hello", response_class=HTMLResponse)
async def hello(name: str):
    # ruleid: XSS
    return HTMLResponse("<h1>Hello " + name + "</h1>")


@app.get("/hello/page")
async def hello_page(request: Request, name: str):
    # ok: XSS
    return templates.TemplateResponse(request, "hello.html", {"name": name})


@app.get("/echo")
async def echo(name: str):
    # ok: XSS
    return "Hello " + name


@app.get("/items/{item_id}", response_class=HTMLResponse)
async def item(item_id: int):
    # ok: XSS
    return HTMLResponse("<p>Item %d</p>" % item_id)


@app.post("/comments")
async def comment(request: Request):
    form = await request.form()
    # ruleid: XSS
    return HTMLResponse(content="<blockquote>" + form["text"] + "</blockquote>")


@app.get("/go")
async def go(request: Request):
    target = request.query_params.get("to", "/")
    # ruleid: OPEN_REDIRECT
    return RedirectResponse(target)


@app.get("/home")
async def home(request: Request):
    # ok: OPEN_REDIRECT
    return RedirectResponse(request.url_for("hello_page"))


@app.get("/docs/{name}")
async def doc(name: str):
    # ruleid: PATH_TRAVERSAL
    return FileResponse("/srv/docs/" + name)


# Optional scalars are converted as the bare ones are: FastAPI answers 422 to `?admin=x\nforged`.
@app.put("/users/{user_id}")
async def update_user(user_id: UUID, admin: Optional[bool] = Query(None, alias="is_admin"), limit: int | None = None, score: Union[float, None] = None):
    # ok: LOG_INJECTION
    logger.info("setting is_admin to %s for %s (limit %s, score %s)", admin, user_id, limit, score)
    return {"ok": True}


@app.put("/users/{user_id}/name")
async def rename_user(user_id: UUID, name: Optional[str] = Query(None)):
    # ruleid: LOG_INJECTION
    logger.info("renaming %s to %s", user_id, name)
    return {"ok": True}
