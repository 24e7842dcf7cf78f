import hashlib
import os
import random
import secrets

from Crypto.Cipher import AES, ARC4
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

FIXED_NONCE = b"0123456789ab"


def store_password(password):
    # ruleid: WEAK_HASH
    return hashlib.sha1(password.encode()).hexdigest()


def signature(payload, secret):
    # ruleid: WEAK_HASH
    return hashlib.new("md5", secret + payload).hexdigest()


def etag_for(body):
    # ok: WEAK_HASH
    return hashlib.md5(body).hexdigest()


def legacy_digest(user):
    # ruleid: WEAK_HASH
    return hashlib.md5(user.password_hash.encode()).hexdigest()


def verify_webhook(body, header):
    # ruleid: WEAK_HASH
    return hashlib.sha1(body).hexdigest() == header


def icon_sprite_version(markup):
    # A fingerprint for cache busting: no secret goes in, nothing is verified.
    # ok: WEAK_HASH
    return hashlib.sha1(markup.encode()).hexdigest()[:8]


def file_fingerprint(fh):
    hasher = hashlib.sha1()
    for chunk in iter(lambda: fh.read(65536), b""):
        hasher.update(chunk)
    # ok: WEAK_HASH
    return hasher.hexdigest()


def content_id(body):
    # ok: WEAK_HASH
    return hashlib.md5(body, usedforsecurity=False).hexdigest()


def invite_code():
    # ruleid: WEAK_RANDOM
    return "".join(random.choices("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", k=8))


def jitter(delay):
    # ok: WEAK_RANDOM
    return delay * random.uniform(0.8, 1.2)


def ab_bucket(user_id):
    # ok: WEAK_RANDOM
    return random.Random(user_id).random() < 0.5


def api_key():
    # ok: WEAK_RANDOM
    return secrets.token_hex(32)


def seal(key, data):
    # ruleid: WEAK_CRYPTO
    stream = ARC4.new(key)
    # ruleid: WEAK_CRYPTO
    ecb = AES.new(key, AES.MODE_ECB)
    # ruleid: WEAK_CRYPTO
    gcm = AES.new(key, AES.MODE_GCM, nonce=FIXED_NONCE)
    # ok: WEAK_CRYPTO
    fresh = AES.new(key, AES.MODE_GCM, nonce=os.urandom(12))
    # ruleid: WEAK_CRYPTO
    cbc = Cipher(algorithms.AES(key), modes.CBC(b"\x00" * 16))
    # ok: WEAK_CRYPTO
    ctr = Cipher(algorithms.AES(key), modes.CTR(os.urandom(16)))
    return stream, ecb, gcm, fresh, cbc, ctr, data


def signing_key():
    # ruleid: WEAK_CRYPTO
    weak = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    # ok: WEAK_CRYPTO
    strong = rsa.generate_private_key(public_exponent=65537, key_size=4096)
    return weak, strong
