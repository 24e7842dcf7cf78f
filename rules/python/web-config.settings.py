# Django settings: the rules look at module-level assignments.
import os

# ruleid: HARDCODED_SECRET
SECRET_KEY = '0yxzudryd8)-%)(fz&7q-!v&cq1u6vbfoc4u7@u_&i)b@4eh^q'
# ok: HARDCODED_SECRET
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
# A placeholder the deployment replaces.
# ok: HARDCODED_SECRET
SECRET_KEY = "change-me-in-production"

# ruleid: DEBUG_ENABLED
DEBUG = True
# ok: DEBUG_ENABLED
TEMPLATE_DEBUG_DEFAULT = os.environ.get("X") == "1"
# Django before 1.8: template debugging follows DEBUG, which is on above.
# ruleid: DEBUG_ENABLED
TEMPLATE_DEBUG = DEBUG
# ruleid: INSECURE_COOKIE
CSRF_COOKIE_SECURE = False
# ok: INSECURE_COOKIE
SESSION_COOKIE_SECURE = True
# ruleid: CORS_MISCONFIGURATION
CORS_ORIGIN_ALLOW_ALL = True
CORS_ALLOW_CREDENTIALS = True

# ruleid: CSRF
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

# ok: CSRF
MIDDLEWARE_CLASSES = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
