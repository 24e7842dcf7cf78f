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

# Values that only look like secrets beside a credential-like name.
# ok: HARDCODED_SECRET
key = f"{app_label}.{model_name}:{instance.pk}"
# ok: HARDCODED_SECRET
reverse_key = "{}.reverse.{}".format(app_label, model_name)
# ok: HARDCODED_SECRET
key = "IPRange.status"
# ok: HARDCODED_SECRET
AUTH_HMAC_SHA384 = "hmac-sha384"
# ok: HARDCODED_SECRET
REMOTE_AUTH_BACKEND = "corp_auth.backends.azure.AzureADOAuth2"
# ok: HARDCODED_SECRET
api_tokens = Token.objects.select_related("owner").order_by("-created")
# ok: HARDCODED_SECRET
password = "pbkdf2_sha256$600000$Xk2Lq9wPz$Zm9vYmFyYmF6cXV4cXV1eA=="
# ok: HARDCODED_SECRET
auth_source.account = "uid=$login,ou=people,dc=corp,dc=io"
# ok: HARDCODED_SECRET
DEMO_PASSWORD = "adminpassword123"
# ok: HARDCODED_SECRET
PASSWORD_SALT = "q8Xv2LmZ7kRt4wNc"
# A word before the secret word says which secret it is; after it, what about the secret.
# ruleid: HARDCODED_SECRET
EMAIL_HOST_PASSWORD = "hT5kW9pZ3qX7"
# ruleid: HARDCODED_SECRET
FIELD_ENCRYPTION_KEY = "Vd3rQx8LmZ2kWp6tNc9yBf4s"
# ok: HARDCODED_SECRET
SECRET_KEY_FILE_PATH = "secrets/app-key-v2"
# A literal tested against, not the value assigned.
# ok: HARDCODED_SECRET
supports_auth_plain = "AUTH=PLAIN" in client.capabilities
# ok: HARDCODED_SECRET
token_is_default = "Qm4vTz8kLw2xRb6n" == configured_token
# Base64 of a JSON document, unsigned: settings written in an encoding, unless it carries a credential.
# ok: HARDCODED_SECRET
EMBED_TOKEN = "eyJhIjoic2hvcC1zaXRlIiwicyI6ImJsb2ciLCJpIjoiN2MxZjBlNTItM2E5Yi00ZDJlLTlmNjEtMmI4ZTRjN2E1ZDEwIiwidSI6Imh0dHBzOi8vbG9jYWxob3N0OjUwMDEvIn0="
# ruleid: HARDCODED_SECRET
DEPLOY_AUTH = "eyJ1c2VyIjoiZGVwbG95IiwicGFzc3dvcmQiOiJKeDdxTHcybVp2OXRSazRiIn0="
# Test keys a vendor publishes for everyone: reCAPTCHA's always-passing secret, MinIO's public playground.
# ok: HARDCODED_SECRET
RECAPTCHA_PRIVATE_KEY = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe"
# ok: HARDCODED_SECRET
minio_client = Minio("play.min.io", access_key="Q3AM3UQ867SPQQA43P2F", secret_key="zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG")
# A client of a server on the machine itself.
# ok: HARDCODED_SECRET
local_client = Client(url="http://127.0.0.1:8080", token="Tz8kWq3mLx7vRb2nPc5y")
# ruleid: HARDCODED_SECRET
remote_client = Client(url="https://api.acme-shop.com", token="Tz8kWq3mLx7vRb2nPc5y")
# ruleid: HARDCODED_SECRET
SETTINGS = dict(SECRET_KEY="Tz8kWq3mLx7vRb2nPc5y", BASE_URL="http://localhost:8000")
