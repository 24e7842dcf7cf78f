from fastapi import FastAPI, Request
from fastapi.templating import Jinja2Templates

app = FastAPI()
templates = Jinja2Templates(directory="templates")


@app.get("/hello")
async def hello(request: Request, name: str):
    return templates.TemplateResponse(request, "hello.html", {"name": name, "site": "Demo"})


@app.get("/legacy")
async def legacy(request: Request, name: str):
    return templates.TemplateResponse("legacy.html", {"request": request, "name": name})
