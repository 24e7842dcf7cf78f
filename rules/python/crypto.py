import hashlib
from hashlib import md5
import os
import random
import secrets
from datetime import timedelta
from pathlib import Path

from Crypto.Cipher import AES, ARC4
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from analytics.models import Session

FIXED_NONCE = b"0123456789ab"


def store_password(password):
    # ruleid: WEAK_HASH
    return hashlib.sha1(password.encode()).hexdigest()


def legacy_digest(user, salt):
    # The function name says nothing; the data is the user's password.
    # ruleid: WEAK_HASH
    return hashlib.new("md5", (salt + user.password).encode()).hexdigest()


def login(request, stored):
    hasher = md5()
    # ruleid: WEAK_HASH
    hasher.update(request.POST.get("password", "").encode())
    return hasher.hexdigest() == stored


def partner_signature(params, secret):
    # A partner API prescribes MD5 over its public parameters and a shared secret.
    payload = "".join(f"{k}{v}" for k, v in sorted(params.items())) + secret
    # ok: WEAK_HASH
    return hashlib.md5(payload.encode()).hexdigest()


def etag_for(body):
    # ok: WEAK_HASH
    return hashlib.md5(body).hexdigest()


def file_fingerprint(fh):
    hasher = hashlib.sha1()
    for chunk in iter(lambda: fh.read(65536), b""):
        # ok: WEAK_HASH
        hasher.update(chunk)
    return hasher.hexdigest()


def content_id(password_policy_text):
    # ok: WEAK_HASH
    return hashlib.md5(password_policy_text, usedforsecurity=False).hexdigest()


# An NTLM client: the NT hash is MD4 of the UTF-16LE password, as the protocol defines it.
def nt_hash(password):
    # ok: WEAK_HASH
    return hashlib.new("md4", password.encode("utf-16le")).digest()


def nt_hash_incremental(password):
    h = hashlib.new("md4")
    # ok: WEAK_HASH
    h.update(password.encode("utf-16-le"))
    return h.digest()


def legacy_pin_digest(password):
    # ruleid: WEAK_HASH
    return hashlib.new("md4", password.encode("utf-8")).hexdigest()


def _code(length):
    # The generator is reported (with the trace to the token it becomes below), not the assignment.
    # ruleid: WEAK_RANDOM
    return "".join(random.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(length))


def start_reset(user):
    user.reset_token = _code(32)
    user.save()


def create_account(email):
    # ruleid: WEAK_RANDOM
    return User.objects.create_user(email=email, password=str(random.getrandbits(64)))


def remember(request, response):
    # ruleid: WEAK_RANDOM
    response.set_cookie("remember", str(random.randint(0, 10**12)), secure=True, httponly=True)
    # ruleid: WEAK_RANDOM
    request.session["otp"] = f"{random.randint(0, 999999):06d}"


# Demo data: an analytics visit (a model row named `session`) seen at a random time is no session value.
def seed_visits(service, start):
    for visit in service.sessions.all():
        session = Session.objects.get(pk=visit.pk)
        # ok: WEAK_RANDOM
        session.last_seen = start + timedelta(minutes=random.randrange(0, 59))
        session.save()


def start_reset_v2(user):
    # ok: WEAK_RANDOM
    user.reset_token = secrets.token_urlsafe(32)


def jitter(delay):
    # ok: WEAK_RANDOM
    return delay * random.uniform(0.8, 1.2)


def ab_bucket(user_id):
    # ok: WEAK_RANDOM
    return random.Random(user_id).random() < 0.5


def make_invite_code(length=8):
    # ruleid: WEAK_RANDOM
    return "".join(random.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(length))


def dummy_password():
    # Hashed for unknown users so that they take as long as known ones; reviewed for Bandit.
    # ok: WEAK_RANDOM
    return "".join(random.choice("abcdef") for _ in range(12))  # nosec B311


def keygen(username):
    # ruleid: WEAK_RANDOM
    key = hashlib.sha256(str(random.getrandbits(2048)).encode()).hexdigest()
    Path(f"/var/lib/app/keys/{username}.{key}").touch()
    return key


def generate_cache_key(prefix):
    # ok: WEAK_RANDOM
    return f"{prefix}:{random.randint(0, 15)}"


def pick_colour():
    # ok: WEAK_RANDOM
    return random.choice(["red", "green", "blue"])


def seed_demo_password():
    candidates = ["letmein-demo"]
    # One candidate: the password is that constant, whatever the generator draws.
    # ok: WEAK_RANDOM
    return random.choice(candidates)


def seed_demo_pin():
    # ok: WEAK_RANDOM
    return random.choice((4711,))


def seed_user_password():
    candidates = ["letmein-demo", "hunter2-demo", "opensesame"]
    # ruleid: WEAK_RANDOM
    return random.choice(candidates)


def throwaway_password_hash():
    # A random password hashed and discarded so that unknown users take as long as known ones.
    # ok: WEAK_RANDOM
    return make_password(_code(20))


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
