# Development overlay of split Django settings (settings/dev.py): the base module holds the
# deployed values and runserver loads this one.
from .base import *  # noqa: F401,F403

# ok: DEBUG_ENABLED
DEBUG = True

INTERNAL_IPS = ["127.0.0.1"]

# Still reported in development: any page the developer's browser opens can call the local
# server with their session and read the answers.
# ruleid: CORS_MISCONFIGURATION
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = True
