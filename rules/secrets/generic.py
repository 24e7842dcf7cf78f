# Fake values generated for this test; none of them is a real credential.
import os

# ruleid: HARDCODED_SECRET
DB_PASSWORD = "ZrFc5Rs=ORjDr=qnGHB#"
# ruleid: HARDCODED_SECRET
client = Client(api_key="KU8bnRPvIRuM9psGtcpFGKTZ", timeout=5)
# ruleid: HARDCODED_SECRET
session.auth = ("svc-orders", "MyD78sdgRS7YkiRLOE")
# ruleid: HARDCODED_SECRET
JWT_SIGNING_KEY = os.environ.get("JWT_SIGNING_KEY", "40329bd9002c5f4ead8edb4eeb98de0930a9799a473061db71e7a89c8bca84d9")

# ok: HARDCODED_SECRET
DB_PASSWORD = os.environ["DB_PASSWORD"]
# ok: HARDCODED_SECRET
ADMIN_PASSWORD = "changeme"
# ok: HARDCODED_SECRET
PASSWORD_MIN_LENGTH = 12
# ok: HARDCODED_SECRET
API_KEY_HEADER = "X-Api-Key"
# ok: HARDCODED_SECRET
CACHE_KEY = "orders:recent:v2"
# ok: HARDCODED_SECRET
TOKEN_URL = "https://login.example.com/oauth/token"
# ok: HARDCODED_SECRET
RELEASE_SHA = "40329bd9002c5f4ead8edb4eeb98de0930a9799a"
# ok: HARDCODED_SECRET
SIGNING_KEY_ID = "3e5e8821-5934-45b7-bbfb-5a2da3b68806"
# ok: HARDCODED_SECRET
PASSWORD_HASH = "$2b$12$KIXQJ4Pp1bD3r6eO5uF7XeZk8m2Q9v1T0y4L6n8s3A5c7E9g1I3K"
# ok: HARDCODED_SECRET
secret_key_file = "/run/secrets/app_key.pem"
# ok: HARDCODED_SECRET
token = request.headers.get("Authorization")
