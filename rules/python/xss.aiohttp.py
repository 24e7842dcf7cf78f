import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp_jinja2 import setup as setup_jinja


def init():
    app = web.Application()
    # ruleid: XSS
    setup_jinja(app, loader=jinja2.PackageLoader("shop", "templates"),
                autoescape=False)
    # ok: XSS
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader("templates"))
    # Text templates (configuration files) are not pages.
    # ok: XSS
    config_env = jinja2.Environment(loader=jinja2.FileSystemLoader("conf"), autoescape=False)
    return app, config_env


async def greet(request: web.Request):
    name = request.query.get("name", "")
    if request.query.get("plain"):
        # ok: XSS
        return web.Response(text=f"Hello {name}")
    # ruleid: XSS
    return web.Response(text=f"Hello {name}", content_type="text/html")
