import os

from django.views.decorators.csrf import csrf_exempt
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from flask import Flask, make_response, request
from flask_cors import CORS

app = Flask(__name__)
# ok: DEBUG_ENABLED
app.config["DEBUG"] = os.environ.get("APP_DEBUG") == "1"
# ruleid: DEBUG_ENABLED
app.config["DEBUG"] = True
# ruleid: INSECURE_COOKIE
app.config["SESSION_COOKIE_SECURE"] = False
# ruleid: HARDCODED_SECRET
app.secret_key = "super secret key"
# ruleid: HARDCODED_SECRET
app.config["SECRET_KEY"] = 'F12Zr47j3yXR~X@H!jmM]Lwf'
# ruleid: HARDCODED_SECRET
app.config["JWT_SECRET_KEY"] = "secret"
app.config.update(
    # ruleid: HARDCODED_SECRET
    SECRET_KEY="dev-key-7f3a9c",
    # ok: HARDCODED_SECRET
    SESSION_COOKIE_NAME="shop",
)
# ok: HARDCODED_SECRET
app.secret_key = os.environ["FLASK_SECRET_KEY"]
# ok: HARDCODED_SECRET
app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY", "")
# ok: HARDCODED_SECRET
app.config["SECRET_KEY"] = f"{os.environ['SECRET_PREFIX']}-key"
# ok: INSECURE_COOKIE
app.config["SESSION_COOKIE_HTTPONLY"] = True
# ruleid: CSRF
app.config["WTF_CSRF_ENABLED"] = False
# ruleid: CORS_MISCONFIGURATION
CORS(app, supports_credentials=True)
# ok: CORS_MISCONFIGURATION
CORS(app, origins=["https://shop.example.com"], supports_credentials=True)

api = FastAPI()
# ruleid: CORS_MISCONFIGURATION
api.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True)
# ok: CORS_MISCONFIGURATION
api.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=False)


@app.get("/login")
def login():
    resp = make_response("ok")
    # ruleid: INSECURE_COOKIE
    resp.set_cookie("session_token", "abc", httponly=True)
    # ok: INSECURE_COOKIE
    resp.set_cookie("session_token", "abc", secure=True, httponly=True, samesite="Lax")
    # ok: INSECURE_COOKIE
    resp.set_cookie("theme", "dark")
    # Clearing the cookie on sign-out carries no session.
    # ok: INSECURE_COOKIE
    resp.set_cookie("session_token", "", expires=0)
    # A flag for the page's script, the same for every visitor.
    # ok: INSECURE_COOKIE
    resp.set_cookie("is_user_authorized", "true", max_age=3600)
    # ok: INSECURE_COOKIE
    resp.set_cookie("access_token_expired", "1")
    # ruleid: INSECURE_COOKIE
    resp.set_cookie("access_token", token_for("true"), max_age=3600)
    return resp


# ruleid: CSRF
@csrf_exempt
def change_email(request):
    request.user.email = request.POST["email"]
    request.user.save()


# ok: CSRF
@csrf_exempt
def github_hook(request):
    expected = hmac.new(SECRET, request.body, "sha256").hexdigest()
    if not hmac.compare_digest(expected, request.headers["X-Hub-Signature-256"][7:]):
        raise PermissionError()


if __name__ == "__main__":
    # ruleid: DEBUG_ENABLED
    app.run(debug=True)


# The debug mode follows a setting: switched on only where the configuration asks for it.
def run_dev_server(settings, host, port):
    if settings.debug or os.environ.get("APP_DEBUG") == "1":
        # ok: DEBUG_ENABLED
        app.debug = True
        # ok: DEBUG_ENABLED
        app.run(debug=True, host=host, port=port)
    else:
        app.run(host=host, port=port)


@app.before_request
def debug_switch():
    if request.args.get("debug") == "1":
        # ruleid: DEBUG_ENABLED
        app.debug = True


ALLOWED_ORIGINS = {"https://shop.example.com"}


@app.after_request
def cors_headers(resp):
    origin = request.headers.get("Origin", "")
    # ruleid: CORS_MISCONFIGURATION
    resp.headers["Access-Control-Allow-Origin"] = origin
    resp.headers["Access-Control-Allow-Credentials"] = "true"
    if origin in ALLOWED_ORIGINS:
        # ok: CORS_MISCONFIGURATION
        resp.headers["Access-Control-Allow-Origin"] = origin
    return resp
