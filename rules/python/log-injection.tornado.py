import logging
from urllib.parse import parse_qs, unquote, urlparse

import tornado.web
from tornado.escape import url_unescape

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
        # Decoded, the target holds the line break `%0A` encodes.
        # ruleid: LOG_INJECTION
        log.warning("path %s", unquote(self.request.uri))
        params = parse_qs(urlparse(self.request.uri).query)
        # ruleid: LOG_INJECTION
        log.warning("query %s", params["q"][0])
        # ruleid: LOG_INJECTION
        log.warning("path %s", url_unescape(self.request.uri))
        self.write({"ok": True})
