# Request input of Bottle, Pyramid, web.py and CherryPy handlers.
import os

import cherrypy
import web
from channels.generic.websocket import AsyncJsonWebsocketConsumer, WebsocketConsumer
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


class ShellConsumer(WebsocketConsumer):
    def receive(self, text_data=None, bytes_data=None):
        # ruleid: COMMAND_INJECTION
        self.send(text_data=os.popen("figlet " + text_data).read())


class NotifyConsumer(AsyncJsonWebsocketConsumer):
    async def receive_json(self, content, **kwargs):
        # ruleid: COMMAND_INJECTION
        os.system("notify-send " + content["title"])


class ArchiveResource:
    def on_get(self, req, resp, name):
        # ruleid: COMMAND_INJECTION
        os.system("tar czf /tmp/a.tgz /srv/" + name)

    def on_delete(self, req, resp, archive_id):
        # ok: COMMAND_INJECTION
        os.system("rm /srv/archives/%d.tgz" % int(archive_id))
