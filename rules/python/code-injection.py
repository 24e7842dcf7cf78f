import ast
import importlib

from fastapi import FastAPI

app = FastAPI()
PLUGINS = {"pdf": "reports.pdf_plugin", "csv": "reports.csv_plugin"}


@app.get("/formula")
def formula(expression: str):
    # ruleid: CODE_INJECTION
    return {"value": eval(expression, {"__builtins__": {}})}


@app.get("/literal")
def literal(value: str):
    # ok: CODE_INJECTION
    return {"value": ast.literal_eval(value)}


@app.get("/plugins/{name}")
def plugin(name: str, kind: str = "pdf"):
    # ruleid: CODE_INJECTION
    module = importlib.import_module("reports." + name)
    # ok: CODE_INJECTION
    chosen = importlib.import_module(PLUGINS.get(kind, "reports.csv_plugin"))
    return {"plugin": module.__name__, "chosen": chosen.__name__}
