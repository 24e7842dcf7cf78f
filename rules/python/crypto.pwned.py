# A password validator that refuses passwords found in breaches: the Pwned Passwords range API takes
# the first five hex digits of the password's SHA-1 (k-anonymity) and returns the suffixes it knows.
import hashlib

import requests
from django.core.exceptions import ValidationError

RANGE_URL = "https://api.pwnedpasswords.com/range/{}"


class BreachedPasswordValidator:
    def validate(self, password, user=None):
        # ok: WEAK_HASH
        digest = hashlib.sha1(password.encode("utf-8")).hexdigest().upper()
        body = requests.get(RANGE_URL.format(digest[:5]), timeout=5).text
        if digest[5:] in body:
            raise ValidationError("This password has appeared in a data breach.")

    # What the API does not prescribe is still reported in the same file.
    def remember(self, user, password):
        # ruleid: WEAK_HASH
        user.legacy_digest = hashlib.md5(password.encode()).hexdigest()
