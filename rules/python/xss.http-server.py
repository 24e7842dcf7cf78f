# http.server's request handlers: the request line, path and body stream of the handler object are the client's.
import http.server
import json
import os
import sqlite3
import subprocess
import urllib.parse
import urllib.request

db = sqlite3.connect("notes.db")


class NotesHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        params = urllib.parse.parse_qs(url.query)
        name = params.get("name", [""])[0]
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        # ruleid: XSS
        self.wfile.write(("<h1>Notes of %s</h1>" % name).encode())
        # ok: XSS
        self.wfile.write(json.dumps({"name": name}).encode())
        cursor = db.cursor()
        if "id" in params:
            # A key being present says nothing of its value.
            # ruleid: SQL_INJECTION
            cursor.execute("SELECT body FROM notes WHERE id = " + params["id"][0])
        # ok: SQL_INJECTION
        cursor.execute("SELECT body FROM notes WHERE owner = ?", (name,))
        if "feed" in params:
            # ruleid: SSRF
            urllib.request.urlopen(params["feed"][0])

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        form = urllib.parse.parse_qs(self.rfile.read(length).decode())
        # ruleid: COMMAND_INJECTION
        subprocess.run("archive-note " + form["title"][0], shell=True)
        self.send_response(204)
        self.end_headers()


class ExportHandler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        # A declared plain-text body is not rendered as a page.
        # ok: XSS
        self.wfile.write(self.path.encode())


class Attachment:
    # An object's own `path` attribute, outside a request handler, is the application's.
    def __init__(self, path):
        self.path = path

    def archive(self):
        # ok: COMMAND_INJECTION
        os.system("tar czf /tmp/attachment.tgz " + self.path)
