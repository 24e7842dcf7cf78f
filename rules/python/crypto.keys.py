# Names imported from random: a bare choice() or randint() is random, a bare bytes() the builtin.
import hmac
import logging
from random import choice

import numpy
from django.conf import settings

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
log = logging.getLogger(__name__)


# A key name hashed with the server's secret: nothing random goes in.
def secret_hash(name: str) -> str:
    # ok: WEAK_RANDOM
    m = hmac.new(bytes(name, encoding="utf-8"), digestmod="sha256")
    # ok: WEAK_RANDOM
    m.update(bytes(settings.SECRET_KEY, encoding="utf-8"))
    return m.hexdigest()


def invite_code(email: str) -> str:
    # ruleid: WEAK_RANDOM
    code = "".join(choice(ALPHABET) for _ in range(8))
    log.info("invitation for %s", secret_hash(email))
    return code


def make_api_key() -> str:
    # ruleid: WEAK_RANDOM
    return numpy.random.bytes(24).hex()
