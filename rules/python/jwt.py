import os

import jwt

KEY = os.environ["JWT_KEY"]


def claims(token):
    # ruleid: JWT_MISCONFIGURATION
    unverified = jwt.decode(token, options={"verify_signature": False})
    # ruleid: JWT_MISCONFIGURATION
    loose = jwt.decode(token, KEY, algorithms=["HS256", "none"])
    # ok: JWT_MISCONFIGURATION
    verified = jwt.decode(token, KEY, algorithms=["HS256"])
    # ok: JWT_MISCONFIGURATION
    kid = jwt.get_unverified_header(token)["kid"]
    # PyJWT 1.x: the token's signature is skipped, no certificate check is involved.
    # ok: INSECURE_TLS
    # ruleid: JWT_MISCONFIGURATION
    legacy = jwt.decode(token, verify=False)
    return unverified, loose, verified, kid, legacy
