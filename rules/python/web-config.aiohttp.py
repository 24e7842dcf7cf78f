import os

from aiohttp import web
from aiohttp_session import setup as setup_session
from aiohttp_session.cookie_storage import EncryptedCookieStorage
from aiohttp_session.redis_storage import RedisStorage


def make_app(redis, secret):
    # ruleid: DEBUG_ENABLED
    app = web.Application(debug=True)
    # ok: DEBUG_ENABLED
    quiet = web.Application(debug=os.environ.get("APP_DEBUG") == "1")
    # ruleid: INSECURE_COOKIE
    storage = RedisStorage(redis, httponly=False)
    # ok: INSECURE_COOKIE
    sealed = EncryptedCookieStorage(secret, secure=True, httponly=True)
    setup_session(app, storage)
    return app, quiet, sealed
