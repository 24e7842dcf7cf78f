from urllib.parse import urlencode, urlparse
from urllib.request import urlopen

import ipaddress
import os
import socket

import httpx
import requests
from flask import Blueprint, abort, request

bp = Blueprint("fetch", __name__)
IMAGE_HOSTS = {"images.example.com", "cdn.example.com"}


@bp.get("/fetch")
def fetch():
    url = request.args["url"]
    # ruleid: SSRF
    body = requests.get(url, timeout=5).text
    # ruleid: SSRF
    raw = urlopen(url).read()
    session = requests.Session()
    # ruleid: SSRF
    session.post(url, json={"ping": True})
    # ok: SSRF
    requests.get("https://status.example.com/health", params={"q": url})
    return {"body": body, "size": len(raw)}


@bp.get("/avatar")
async def avatar():
    src = request.args.get("src", "")
    host = urlparse(src).hostname
    if host not in IMAGE_HOSTS:
        abort(400)
    async with httpx.AsyncClient() as client:
        # ok: SSRF
        ok = await client.get(src)
    async with httpx.AsyncClient() as client:
        # ruleid: SSRF
        resp = await client.get(request.args.get("fallback", ""))
    return {"ok": ok.status_code, "fallback": resp.status_code}


@bp.get("/orders/<order_id>/tracking")
def tracking(order_id):
    carrier = request.args.get("carrier", "")
    # ok: SSRF
    status = requests.get(f"https://api.carrier.example.com/v1/track/{order_id}", timeout=5).json()
    # ok: SSRF
    legacy = requests.get("https://api.carrier.example.com/v0/track/" + carrier, timeout=5).json()
    # ruleid: SSRF
    direct = requests.get(f"https://{carrier}/track/{order_id}", timeout=5).json()
    # ok: SSRF
    posted = requests.request("POST", "https://hooks.example.com/track", json={"carrier": carrier})
    # ruleid: SSRF
    chosen = requests.request("GET", carrier)
    return {"status": status, "legacy": legacy, "direct": direct, "posted": posted.ok, "chosen": chosen.ok}


# A proxy to a fixed upstream: the module's constant names the scheme and host, the request fills the path.
STORE_API = "https://store.example.com"
MIRROR_HOST = "https://mirror.example.com"


def upstream_url():
    _, _, rest = request.full_path.partition("/proxy/")
    return STORE_API + "/" + rest


@bp.route("/proxy/<path:rest>", methods=["GET", "POST"])
def proxy(rest):
    # ok: SSRF
    upstream = requests.request(request.method, upstream_url(), data=request.get_data())
    # ruleid: SSRF
    mirrored = requests.request("GET", MIRROR_HOST + rest)
    return {"upstream": upstream.status_code, "mirrored": mirrored.status_code}


# A transport that refuses private and loopback addresses (the project's own, named for it) guards every request
# of its client; a retrying transport does not.
class AsyncSafeTransport(httpx.AsyncBaseTransport):
    def __init__(self, **kwargs):
        self._wrapper = httpx.AsyncHTTPTransport(**kwargs)

    async def handle_async_request(self, request):
        ip = ipaddress.ip_address(socket.gethostbyname(request.url.host))
        if ip.is_private or ip.is_loopback or ip.is_link_local:
            raise ValueError("refused")
        return await self._wrapper.handle_async_request(request)


@bp.post("/recipes/image-from-url")
async def scrape_image():
    image_url = request.json["url"]
    async with httpx.AsyncClient(transport=AsyncSafeTransport()) as client:
        # ok: SSRF
        guarded = await client.get(image_url)
    async with httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(retries=3)) as retrying:
        # ruleid: SSRF
        plain = await retrying.get(image_url)
    return {"guarded": guarded.status_code, "plain": plain.status_code}


# The application's own API with the search in the query string: the request fills only the query.
SITE_URL = os.environ["SITE_URL"]


@bp.get("/search/more")
def search_more():
    params = {"text": request.args.get("search"), "locale": request.args.get("locale")}
    # ok: SSRF
    page = requests.get(f"{SITE_URL}/api/v2/search/translations/?{urlencode(params)}")
    # ruleid: SSRF
    other = requests.get(f"{request.args.get('api')}?{urlencode(params)}")
    return {"page": page.json(), "other": other.json()}
