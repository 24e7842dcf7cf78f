import logging

import tornado.web

log = logging.getLogger(__name__)


class ApiHandler(tornado.web.RequestHandler):
    def get(self):
        # The request target as the client sent it (not percent-decoded): the HTTP parser ends the
        # request line at its line break, so `%0A` stays three characters.
        # ok: LOG_INJECTION
        log.warning("stream closed while handling %s", self.request.uri)
        # ok: LOG_INJECTION
        log.warning("redirect loop detected on %s", self.request.uri.split("?")[0])
        # A decoded argument holds the line break `%0A` encodes.
        name = self.get_argument("name")
        # ruleid: LOG_INJECTION
        log.info("lookup of %s from %s", name, self.request.uri)
        self.write({"ok": True})
