import os
import random
import uuid
from urllib.parse import urlencode, urlparse

from tornado.httputil import url_concat

from django.core import signing
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from flask import Flask, abort, request, url_for
from flask import redirect as flask_redirect

app = Flask(__name__)


@app.get("/out")
def out():
    # ruleid: OPEN_REDIRECT
    return flask_redirect(request.args.get("url", "/"))


@app.get("/tagged")
def tagged():
    url = url_for("checks")
    url += "?" + request.args.get("tags", "")
    # ok: OPEN_REDIRECT
    return flask_redirect(url)


@app.get("/docs")
def docs():
    url = "/docs/"
    url += request.args.get("page", "")
    # ok: OPEN_REDIRECT
    return flask_redirect(url)


@app.get("/docs-anywhere")
def docs_anywhere():
    url = ""
    url += request.args.get("page", "")
    # ruleid: OPEN_REDIRECT
    return flask_redirect(url)


@app.get("/tagged-elsewhere")
def tagged_elsewhere():
    # ruleid: OPEN_REDIRECT
    return flask_redirect("" + request.args.get("to", "") + "?" + "tab=1")


@app.get("/back")
def back():
    target = request.args.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


def after_login(request):
    nxt = request.GET.get("next", "/")
    if url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        # ok: OPEN_REDIRECT
        return redirect(nxt)
    # ruleid: OPEN_REDIRECT
    return redirect(nxt)


@app.get("/orders/open")
def open_order():
    order_id = request.args.get("id", "")
    # ok: OPEN_REDIRECT
    return flask_redirect(f"/orders/{order_id}")


@app.get("/orders/formatted")
def formatted_order():
    order_id = request.args.get("id", "")
    target = "/orders/{}".format(order_id)
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/orders/formatted-query")
def formatted_query():
    base = url_for("orders")
    target = "{}?next={}".format(base, request.args.get("next", ""))
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/orders/formatted-named")
def formatted_named():
    target = "/orders/{order}/items".format(order=request.args.get("id", ""))
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/orders/formatted-target")
def formatted_target():
    target = "{}?done=1".format(request.args.get("to", ""))
    # ruleid: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/orders/formatted-second")
def formatted_second():
    target = "{1}{0}".format("/done", request.args.get("to", ""))
    # ruleid: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/orders/prefixed")
def prefixed():
    # ruleid: OPEN_REDIRECT
    return flask_redirect("/" + request.args.get("path", ""))


@app.get("/orders/for")
def order_for():
    # ok: OPEN_REDIRECT
    return flask_redirect(url_for("open_order", id=request.args.get("id", "")))


@app.get("/orders/<int:order_id>/edit")
def edit_order(order_id):
    # Back to the page the user is on: the route matched this path.
    # ok: OPEN_REDIRECT
    return flask_redirect(request.path)


def reload(request):
    # ok: OPEN_REDIRECT
    return redirect(request.get_full_path())


def find_page(request):
    # The destination is the app's own URL; request data only fills its query string.
    query = request.GET.copy()
    query.pop("html_path", None)
    # ok: OPEN_REDIRECT
    return redirect(f"{url_for('detail_page', page_id=1)}?{query.urlencode()}")


def find_by_path(request, router):
    page = router.route(request.GET["html_path"])
    # A row's primary key is the database's, whatever selected the row.
    # ok: OPEN_REDIRECT
    return redirect(router.detail_url(page.pk))


def find_by_path_unchecked(request, router):
    page = router.route(request.GET["html_path"])
    # ruleid: OPEN_REDIRECT
    return redirect(router.detail_url(page.path))


@app.get("/done")
def done():
    # ruleid: OPEN_REDIRECT
    return flask_redirect(f"{request.args.get('to', '')}?done=1")


@app.get("/back/referrer")
def back_to_referrer():
    # ruleid: OPEN_REDIRECT
    return flask_redirect(request.referrer)


def safe_for_redirect(url):
    return url_has_allowed_host_and_scheme(url, allowed_hosts=None)


def return_url(request):
    target = request.POST.get("next", "/")
    if target and safe_for_redirect(target):
        # ok: OPEN_REDIRECT
        return redirect(target)
    return redirect("/")


def next_is_local(url):
    return not urlparse(url).netloc


@app.get("/logout")
def logout():
    target = request.args.get("next", "/")
    if not next_is_local(target):
        target = url_for("index")
    # ok: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/logout/v2")
def logout_v2():
    target = request.args.get("next")
    if not target:
        target = "/"
    # ruleid: OPEN_REDIRECT
    return flask_redirect(target)


@app.get("/logout/v3")
def logout_v3():
    target = request.args.get("next", "")
    # Only tests that the target is not empty.
    if not len(target.strip()):
        abort(400)
    # ruleid: OPEN_REDIRECT
    return flask_redirect(target)


def route_for(model, action=None):
    if hasattr(model, "_route_for"):
        return model._route_for(action)
    return reverse(f"{model._meta.app_label}:{model._meta.model_name}_{action}")


class ItemListView:
    # A FilterSet bound to the query string narrows the queryset: the model it lists is the view's own.
    def fallback(self, request):
        # ok: OPEN_REDIRECT
        return redirect(route_for(self.queryset.model, action="list"))

    def get(self, request):
        if self.filterset:
            self.queryset = self.filterset(request.GET, self.queryset, request=request).qs
        if "export" in request.GET:
            return self.fallback(request)
        return None


def moved(request):
    response = HttpResponse(status=302)
    # ruleid: OPEN_REDIRECT
    response["Location"] = request.GET.get("next", "/")
    return response


def bookmark_position(request):
    # A dict named like a response is a JSON body: its "Location" is a reading position, not a redirect.
    resp = {"Value": request.GET.get("at", "")}
    # ok: OPEN_REDIRECT
    resp["Location"] = {"Value": request.GET.get("at", ""), "Type": "CFI"}
    return JsonResponse(resp)


def invite_requests(request):
    # The query string goes after a path of the site's own routes (`reverse`, `url_for`).
    # ok: OPEN_REDIRECT
    return redirect("{:s}?{:s}".format(reverse("invite-requests"), urlencode(request.GET.dict())))


def invite_requests_f(request):
    # ok: OPEN_REDIRECT
    return redirect(f"{reverse('invite-requests')}?{urlencode(request.GET.dict())}")


def invite_requests_joined(request):
    target = reverse("invite-requests") + "?" + request.GET.get("q", "")
    # ok: OPEN_REDIRECT
    return redirect(target)


def after_home(request):
    # Right after the path, without a `?`, the data may start another host (`/` + `/evil.example`).
    # ruleid: OPEN_REDIRECT
    return redirect("{}{}".format(reverse("home"), request.GET.get("next", "")))


def summary_key(request):
    year = request.POST["year"]
    # A view name and its arguments: Django reverses the route, the target is a path of the site.
    response = redirect("annual-summary", request.user.username, year)
    # ok: OPEN_REDIRECT
    response["Location"] += "?key=" + uuid.uuid4().hex
    return response



def random_shard(request):
    # A random shard number (weak randomness's data, not the request's), then the request's own query string
    # after a `?`: each part is judged by the text before it.
    # ok: OPEN_REDIRECT
    return redirect(f"{random.randint(1, 9)}/items?{request.META['QUERY_STRING']}")


# A redirect view for links the site signed (an outgoing link in a page): only a target the server
# signed with its key passes unsign().
def signed_redirect(request):
    signer = signing.Signer(salt="safe-redirect")
    try:
        url = signer.unsign(request.GET.get("url", ""))
    except signing.BadSignature:
        return HttpResponse(status=400)
    # ok: OPEN_REDIRECT
    return redirect(url)


def unsigned_redirect(request):
    url = request.GET.get("url", "")
    # ruleid: OPEN_REDIRECT
    return redirect(url)


# A proxy's prefix header (`X-Forwarded-Prefix`, an ingress path) is set by the proxy or by the client's own
# browser, never by a link or page of an attacker's: no redirect of that browser is chosen through it.
def behind_ingress(request):
    prefix = request.headers.get("X-Ingress-Path", "")
    # ok: OPEN_REDIRECT
    return redirect("/" + prefix.lstrip("/") + "/dashboard/")


def behind_proxy(request):
    # ok: OPEN_REDIRECT
    return redirect(request.headers["X-Forwarded-Prefix"] + "/login/")


# The Referer names the page the attacker's link sat on: it stays a source.
def back(request):
    # ruleid: OPEN_REDIRECT
    return redirect(request.headers.get("Referer"))


# Back to the page the browser came from, else to a page of this site: a cross-site page that links here is sent
# back to itself.
@app.post("/ledger/<ledger_id>/archive")
def archive_ledger(ledger_id):
    # ok: OPEN_REDIRECT
    return flask_redirect(request.referrer or url_for("ledgers"))


@app.post("/ledger/<ledger_id>/pin")
def pin_ledger(ledger_id):
    # ok: OPEN_REDIRECT
    return flask_redirect(request.headers.get("Referer") or "/")


def toggle_theme(request):
    came_from = request.META.get("HTTP_REFERER", reverse("dashboard"))
    # ok: OPEN_REDIRECT
    return HttpResponseRedirect(came_from)


# With the request's own parameter as the fallback, a link sent without a Referer picks the target.
@app.post("/ledger/<ledger_id>/unpin")
def unpin_ledger(ledger_id):
    # ruleid: OPEN_REDIRECT
    return flask_redirect(request.referrer or request.args.get("next", "/"))


def toggle_density(request):
    # ruleid: OPEN_REDIRECT
    return HttpResponseRedirect(request.META.get("HTTP_REFERER", request.GET.get("back")))


# A URL builder percent-encodes its parameters into the base URL's query: they do not choose where the
# redirect goes, the base URL does.
def spawn_pending(request):
    # ok: OPEN_REDIRECT
    return redirect(url_concat("/hub/spawn-pending", {"next": request.GET.get("next", "")}))


def spawn_pending_to(request):
    # ruleid: OPEN_REDIRECT
    return redirect(url_concat(request.GET.get("next", "/"), {"ready": "1"}))


# A configured base, then a literal path segment: the request's part only fills the path, with or without a base.
def board(request):
    base = os.environ.get("BASE_URL", "")
    # ok: OPEN_REDIRECT
    return redirect(f"{base}/boards/{request.GET.get('slug')}")


def board_jump(request):
    base = os.environ.get("BASE_URL", "")
    # ruleid: OPEN_REDIRECT
    return redirect(f"{base}/{request.GET.get('slug')}")


# A fixed image host with the request's values in its path; a host with nothing after it can be extended.
IMAGE_HOST = "https://cdn.example.com/images"
IMAGE_DOMAIN = "https://cdn.example.com"


@app.get("/covers/<cover_id>/<int:width>")
def cover(cover_id, width):
    if width > 2000:
        # ruleid: OPEN_REDIRECT
        return flask_redirect(IMAGE_DOMAIN + cover_id)
    # ok: OPEN_REDIRECT
    return flask_redirect(IMAGE_HOST + "/{cover}/{width}/image.jpg".format(cover=cover_id, width=width), 307)


# A check that the target is there, or that it is not one word, says nothing of where it leads.
def sign_in_redirect(request):
    target = request.GET.get("target")
    if (target != None) and (target) and (not target == "null"):
        # ruleid: OPEN_REDIRECT
        return redirect(target)
    return redirect("feed")


def sign_in_continue(request):
    target = request.POST.get("target")
    if target != None:
        # ruleid: OPEN_REDIRECT
        return redirect(target)
    # ok: OPEN_REDIRECT
    return redirect("feed")


# Equal to a literal, or past an inequality to one: the target is that literal.
def sign_in_known(request):
    target = request.GET.get("target")
    if target == "/welcome" or target == "/feed":
        # ok: OPEN_REDIRECT
        return redirect(target)
    return redirect("feed")


def sign_in_home(request):
    target = request.GET.get("target")
    if target != "/home":
        return redirect("feed")
    # ok: OPEN_REDIRECT
    return redirect(target)
