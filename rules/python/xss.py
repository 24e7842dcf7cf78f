import markdown
import nh3
from django.http import HttpResponse, HttpResponseBadRequest
from django.views import View
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from flask import Flask, Response, make_response, render_template, render_template_string, request
from jinja2 import Environment, select_autoescape
from markupsafe import Markup, escape
from .http import build_disposition

app = Flask(__name__)
plain = Environment(autoescape=False)
escaped = Environment(autoescape=select_autoescape(["html"]))


@app.get("/search")
def search():
    q = request.args.get("q", "")
    if not q:
        # ruleid: XSS
        return "<p>Empty search: " + request.full_path + "</p>"
    # ruleid: XSS
    return f"<p>No results for {q}</p>"


@app.get("/search/v2")
def search_v2():
    q = request.args.get("q", "")
    # ok: XSS
    return f"<p>No results for {escape(q)}</p>"


@app.get("/card")
def card():
    name = request.args.get("name", "")
    # ruleid: XSS
    html = plain.from_string("<b>{{ name }}</b>").render(name=name)
    # ok: XSS
    html2 = escaped.from_string("<b>{{ name }}</b>").render(name=name)
    # ruleid: XSS
    return {"card": Markup("<b>%s</b>" % name), "html": html + html2}


@app.errorhandler(404)
def not_found(error):
    # ruleid: TEMPLATE_INJECTION, XSS
    return render_template_string("<h3>No page at %s</h3>" % request.url), 404


@app.errorhandler(410)
def gone(error):
    # ruleid: TEMPLATE_INJECTION
    # ok: XSS
    detail = render_template_string(f"{error}. Requested URL was {request.path}")
    # The rendered text is printed escaped by the page template.
    return render_template("410.html", detail=detail), 410


@app.get("/banner")
def banner():
    # A constant template escapes what it is given.
    # ok: XSS
    return render_template_string("<b>{{ title }}</b>", title=request.args.get("title", ""))


def profile(request):
    bio = request.POST.get("bio", "")
    # ruleid: XSS
    badge = mark_safe("<em>" + bio + "</em>")
    # ok: XSS
    quoted = format_html("<em>{}</em>", bio)
    # ruleid: XSS
    return HttpResponse(f"<div>{bio}</div>{badge}{quoted}")


def profile_json(request):
    # ok: XSS
    return HttpResponse(format_html("<i>{}</i>", request.GET.get("who", "")))


def export_rows(request):
    rows = request.GET.get("rows", "")
    # A CSV download is not rendered as a page.
    # ok: XSS
    return HttpResponse(rows, content_type="text/csv")


def echo(request):
    text = request.POST.get("text", "")
    # ruleid: XSS
    return HttpResponse(text)


# A body sent as a download (`Content-Disposition: attachment`) is saved, not rendered as a page.
def download_part(request):
    part = request.GET.get("part", "")
    # ok: XSS
    resp = HttpResponse(part)
    resp["Content-Type"] = "application/octet-stream"
    resp["Content-Disposition"] = build_disposition("attachment")
    return resp


def show_part(request):
    part = request.GET.get("part", "")
    # ruleid: XSS
    resp = HttpResponse(part)
    resp["Content-Disposition"] = build_disposition("inline")
    return resp


# A file shown inline under a Content-Security-Policy sandbox (no `allow-same-origin`): the page runs in an
# opaque origin, without the site's cookies, storage or DOM.
def view_upload(request):
    body = request.POST.get("body", "")
    # ok: XSS
    resp = HttpResponse(body, content_type=request.POST.get("type"))
    resp["Content-Disposition"] = 'inline; filename="upload"'
    resp["Content-Security-Policy"] = "sandbox allow-scripts"
    return resp


# With `allow-same-origin` the sandboxed page keeps the site's origin.
def view_upload_same_origin(request):
    body = request.POST.get("body", "")
    # ruleid: XSS
    resp = HttpResponse(body)
    resp["Content-Security-Policy"] = "sandbox allow-scripts allow-same-origin"
    return resp


# A policy without `sandbox` does not isolate the page.
def view_upload_csp(request):
    body = request.POST.get("body", "")
    # ruleid: XSS
    resp = HttpResponse(body)
    resp["Content-Security-Policy"] = "default-src 'self'"
    return resp


def preview(request):
    # Rendered markdown passes an allow-list sanitiser before it is marked safe.
    html = markdown.markdown(request.POST.get("text", ""))
    # ok: XSS
    return HttpResponse(mark_safe(nh3.clean(html)))


def preview_lxml(request):
    from lxml.html.clean import Cleaner

    cleaner = Cleaner(scripts=True, javascript=True, style=True)
    # ok: XSS
    return HttpResponse(cleaner.clean_html(request.POST.get("html", "")))


class FilterView(View):
    """A value kept on the view by one method and echoed by another (Django answers text/html)."""

    def get(self, request):
        self.spec = self.spec_for(request.GET.get("method", "original"), request.GET.get("width", "0"))
        if not valid_spec(self.spec):
            if request.GET.get("plain"):
                # ok: XSS
                return HttpResponseBadRequest(f"Invalid spec: {self.spec}", content_type="text/plain")
            if request.GET.get("text"):
                # ok: XSS
                return HttpResponseBadRequest(f"Invalid spec: {self.spec}", "text/plain")
            return self.invalid()
        return HttpResponse(status=204)

    def invalid(self):
        # ruleid: XSS
        return HttpResponseBadRequest(f"Invalid spec: `{self.spec}`.")

    def spec_for(self, method, width):
        match method:
            case "width":
                return f"width-{int(width)}"
            case _:
                return method


def valid_spec(spec):
    return spec.startswith("width-")


@app.route("/preview")
def preview_declared_html():
    body = request.args.get("body", "")
    # ruleid: XSS
    return Response(body, mimetype="text/html")


@app.route("/preview.txt")
def preview_text():
    body = request.args.get("body", "")
    # ok: XSS
    return Response(body, mimetype="text/plain")


def django_report(request):
    response = HttpResponse()
    # ruleid: XSS
    response.write(request.GET.get("title", ""))
    csv = HttpResponse(content_type="text/csv")
    # ok: XSS
    csv.write(request.GET.get("title", ""))
    return response


def django_keyword(request):
    # ruleid: XSS
    return HttpResponse(content="<p>%s</p>" % request.GET.get("q", ""))


@app.route("/card")
def card_set_later():
    resp = make_response()
    # ruleid: XSS
    resp.set_data("<h2>" + request.args.get("title", "") + "</h2>")
    return resp


@app.route("/card.json")
def card_json():
    resp = make_response()
    resp.mimetype = "application/json"
    # ok: XSS
    resp.set_data('{"title": "%s"}' % request.args.get("title", "").replace('"', ""))
    return resp


@app.route("/badge")
def badge_data():
    resp = make_response("")
    # ruleid: XSS
    resp.data = "<span>" + request.args.get("label", "") + "</span>"
    return resp


# A request header is set by the victim's own browser (or a proxy in front of the site), not by an attacker's
# link or form: a page that reflects it is no cross-site scripting of that browser.
def ingress_page(request):
    prefix = request.headers.get("X-Ingress-Path", "")
    # ok: XSS
    return HttpResponse(f'<link rel="stylesheet" href="{prefix}/static/app.css">')


def search_page(request):
    # ruleid: XSS
    return HttpResponse(f"<h1>{request.GET.get('q', '')}</h1>")


# A handler that falls through leaves its value beside the try body's: either may be printed.
def preview_page(request):
    try:
        content = "<p>%s</p>" % request.GET.get("text", "")
    except ValueError:
        content = "<p>invalid</p>"
    # ruleid: XSS
    return HttpResponse(content)


# A handler that leaves (return, raise) leaves nothing behind; one that cleans leaves the clean value.
def quote_page(request):
    try:
        content = escape(request.GET.get("text", ""))
    except ValueError:
        return HttpResponseBadRequest()
    # ok: XSS
    return HttpResponse(f"<blockquote>{content}</blockquote>")
