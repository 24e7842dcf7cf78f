# Request input of Bottle, Pyramid, web.py and CherryPy handlers.
import os

import cherrypy
import socketio as socketio_lib
import web
from fastapi import FastAPI, WebSocket
from flask import Flask
from flask_socketio import SocketIO
from channels.generic.websocket import AsyncJsonWebsocketConsumer, WebsocketConsumer
from bottle import get, request, route
from pyramid.view import view_config

app = Flask(__name__)
socketio = SocketIO(app)
sio = socketio_lib.AsyncServer()
api = FastAPI()


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


@socketio.on("convert")
def on_convert(data):
    # ruleid: COMMAND_INJECTION
    os.system("convert " + data["file"])


@sio.event
async def lookup(sid, payload):
    # ruleid: COMMAND_INJECTION
    os.system("nslookup " + payload)
    # ok: COMMAND_INJECTION
    os.system("logger connected " + sid)


@api.websocket("/ws/ping")
async def ws_ping(websocket: WebSocket):
    await websocket.accept()
    host = await websocket.receive_text()
    # ruleid: COMMAND_INJECTION
    os.system("ping -c 1 " + host)
