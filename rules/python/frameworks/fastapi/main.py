from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from routers import files

app = FastAPI()
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
