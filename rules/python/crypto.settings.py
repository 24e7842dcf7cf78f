# Django settings of a deployment.
import os

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]

# ruleid: WEAK_HASH
PASSWORD_HASHERS = ['django.contrib.auth.hashers.MD5PasswordHasher']

# A weak hasher kept after a strong one only verifies old hashes, which are upgraded at login.
# ok: WEAK_HASH
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.UnsaltedMD5PasswordHasher",
]
