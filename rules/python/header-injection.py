import os

import jwt
from django.http import HttpResponse, JsonResponse
from django.utils.http import content_disposition_header
from flask import Flask, make_response, request
from werkzeug.utils import secure_filename

from .models import Report

app = Flask(__name__)
TOKEN_KEY = os.environ["TOKEN_KEY"]


@app.get("/download")
def download():
    name = request.args.get("name", "data")
    resp = make_response("...")
    # ruleid: HEADER_INJECTION
    resp.headers["Content-Disposition"] = "attachment; filename=" + name
    # ok: HEADER_INJECTION
    resp.headers["X-File"] = secure_filename(name)
    # The client's own header value comes back: it holds no CR/LF.
    # ok: HEADER_INJECTION
    resp.headers["X-Request-Id"] = request.headers.get("X-Request-Id", "")
    # Read by key as well (a CORS preflight answered with the method it asked for).
    # ok: HEADER_INJECTION
    resp.headers["Access-Control-Allow-Methods"] = request.headers["Access-Control-Request-Method"]
    # A signed token carries the name as base64url: no line break can come through.
    token = jwt.encode({"user": name}, TOKEN_KEY, algorithm="HS256")
    # ok: HEADER_INJECTION
    resp.headers["Authorization"] = "Bearer {0}".format(token)
    return resp


def export(request):
    name = request.GET.get("name", "export")
    response = HttpResponse("a,b\n", content_type="text/csv")
    # ruleid: HEADER_INJECTION
    response["X-Export-Name"] = name
    # Django quotes the name itself.
    # ok: HEADER_INJECTION
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=f"{name}.csv")
    report = Report.objects.get(pk=request.GET.get("id"))
    # ok: HEADER_INJECTION
    response["X-Report"] = report.title
    # Django percent-encodes the URLs it rebuilds (escape_uri_path, iri_to_uri): no raw line break.
    # ok: HEADER_INJECTION
    response["X-Next"] = request.build_absolute_uri().replace("page=1", "page=2")
    # ok: HEADER_INJECTION
    response["Content-Location"] = request.get_full_path()
    # ruleid: HEADER_INJECTION
    response["X-Path"] = request.path
    params = request.GET.copy()
    params.pop("next", None)
    # The query string encoded again by Django's QueryDict: every key and value percent-encoded.
    # ok: HEADER_INJECTION
    response["HX-Redirect"] = f"/login/?{params.urlencode()}"
    # ruleid: HEADER_INJECTION
    response["X-Filter"] = params.get("filter", "")
    return response


@app.get("/report")
def report_csv():
    title = request.args.get("title", "report")
    out = make_response("a,b\n")
    # ruleid: HEADER_INJECTION
    out.headers["Content-Disposition"] = "attachment; filename={}.csv".format(title)
    # ruleid: HEADER_INJECTION
    out.headers.set("X-Title", title)
    return out


@app.post("/proxy")
def proxy():
    import requests

    session = requests.Session()
    # Headers of an outgoing request, not of this response.
    # ok: HEADER_INJECTION
    session.headers["X-Forwarded-User"] = request.form["user"]
    return {"status": session.get("https://api.example.org/status").status_code}


@app.get("/progress/<book>")
def progress(book):
    # A dict named like a response is the JSON body being filled in: its keys are no headers.
    resp = {"book": book}
    # ok: HEADER_INJECTION
    resp["Title"] = book
    return resp


def bookmark(request, slug):
    response: dict = dict(slug=slug)
    # ok: HEADER_INJECTION
    response["Location"] = request.GET.get("at", "")
    # ok: HEADER_INJECTION
    response["Note"] = request.GET.get("note", "")
    return JsonResponse(response)


def rename(request):
    name = request.GET.get("name", "")
    response = HttpResponse("")
    # ruleid: HEADER_INJECTION
    response["X-Name"] = name
    return response
