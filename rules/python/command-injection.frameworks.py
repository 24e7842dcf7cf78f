# Request input of Bottle, Pyramid, web.py and CherryPy handlers.
import os

import cherrypy
import web
from bottle import get, request, route
from pyramid.view import view_config


@route("/archive/<name>")
def bottle_archive(name):
    # ruleid: COMMAND_INJECTION
    os.system("tar czf /tmp/out.tgz " + name)
    # ruleid: COMMAND_INJECTION
    os.system("tar czf /tmp/out.tgz " + request.forms.get("extra"))
    return "ok"


@get("/ping/<count:int>")
def bottle_ping(count):
    # ok: COMMAND_INJECTION
    os.system("ping -c %d localhost" % count)
    return "ok"


@view_config(route_name="convert", renderer="json")
def pyramid_convert(request):
    # ruleid: COMMAND_INJECTION
    os.system("convert " + request.matchdict["file"])
    # ruleid: COMMAND_INJECTION
    os.system("convert " + request.json_body["options"])
    return {}


class Lookup:
    def GET(self):
        params = web.input(host="localhost")
        # ruleid: COMMAND_INJECTION
        return os.popen("nslookup " + params.host).read()


class Tools:
    @cherrypy.expose
    def whois(self, domain):
        # ruleid: COMMAND_INJECTION
        return os.popen("whois " + domain).read()

    def refresh(self, domain):
        # ok: COMMAND_INJECTION
        return os.popen("whois " + domain).read()
