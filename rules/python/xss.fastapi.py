from fastapi import FastAPI
from fastapi.responses import HTMLResponse

app = FastAPI()


@app.get("/hello")
def hello(name: str):
    # ok: XSS
    return "Hello " + name


@app.get("/page")
def page(name: str):
    # ruleid: XSS
    return HTMLResponse("<p>" + name + "</p>")
