import base64

from jwt import decode
from jwt import decode as jwt_decode


def identity(token):
    # ruleid: JWT_MISCONFIGURATION
    return decode(token, options={"verify_signature": False, "verify_exp": False}).get("identity")


def identity_aliased(token):
    # ruleid: JWT_MISCONFIGURATION
    return jwt_decode(token, options={"verify_signature": False})


def verified(token, key):
    # ok: JWT_MISCONFIGURATION
    return decode(token, key, algorithms=["HS256"])


def payload(data):
    # ok: JWT_MISCONFIGURATION
    return base64.b64decode(data).decode("utf-8")
