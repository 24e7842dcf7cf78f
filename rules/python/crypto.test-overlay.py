# settings/test.py of split Django settings: fast hashing for the test run.
import hashlib

from .base import *  # noqa: F403

# ok: WEAK_HASH
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def legacy_login_digest(password):
    # What an overlay defines itself is still read.
    # ruleid: WEAK_HASH
    return hashlib.md5(password.encode()).hexdigest()
