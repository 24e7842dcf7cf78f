# Tornado request handlers: arguments, path values and what they write.
import os

import tornado.web


class SearchHandler(tornado.web.RequestHandler):
    def get(self):
        term = self.get_argument("q", "")
        # ruleid: XSS
        self.write("<h1>Results for " + term + "</h1>")
        # ok: XSS
        self.write("<h1>Results for " + tornado.escape.xhtml_escape(term) + "</h1>")
        # ruleid: OPEN_REDIRECT
        self.redirect(self.get_query_argument("next"))
        # ok: OPEN_REDIRECT
        self.redirect("/search?q=" + term)


class ProfileHandler(tornado.web.RequestHandler):
    def get(self, username):
        # ruleid: XSS
        self.finish("<p>Profile of %s</p>" % username)

    def post(self, username):
        # ruleid: COMMAND_INJECTION
        os.system("archive-user " + self.get_body_argument("note"))
        # ruleid: COMMAND_INJECTION
        os.system("archive-user " + username)


class ExportHandler(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "text/plain")
        # ok: XSS
        self.write(self.get_argument("line"))


class BundleHandler(tornado.web.RequestHandler):
    def get(self):
        # A zip archive is downloaded, not rendered as a page.
        self.set_header("Content-Type", "application/zip")
        for chunk in self.get_arguments("files"):
            # ok: XSS
            self.write(chunk)


class FeedHandler(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "image/svg+xml")
        # ruleid: XSS
        self.write(self.get_argument("shape"))
