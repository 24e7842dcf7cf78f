import azure.functions as func
from azure.functions import HttpResponse


def main(req: func.HttpRequest) -> func.HttpResponse:
    name = req.params.get("name", "")
    if not name:
        # Azure's HttpResponse is text/plain by default.
        # ok: XSS
        return HttpResponse(f"Hello, {name}.")
    # ok: XSS
    return func.HttpResponse(f"Hello, {name}. This function ran.")


def page(req: func.HttpRequest) -> func.HttpResponse:
    name = req.params.get("name", "")
    # Declared as HTML, the greeting is markup.
    # ruleid: XSS
    return HttpResponse(f"<p>Hello, {name}</p>", mimetype="text/html")
