import ssl
import urllib.request

import requests

CA = "/etc/ssl/certs/internal.pem"


def fetch():
    # ruleid: INSECURE_TLS
    a = requests.get("https://internal.example.com", verify=False)
    # ok: INSECURE_TLS
    b = requests.get("https://internal.example.com", verify=CA)
    session = requests.Session()
    # ruleid: INSECURE_TLS
    session.verify = False
    return a, b, session


def context():
    ctx = ssl.create_default_context()
    # ruleid: INSECURE_TLS
    ctx.check_hostname = False
    # ruleid: INSECURE_TLS
    ctx.verify_mode = ssl.CERT_NONE
    # ok: INSECURE_TLS
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    # ruleid: INSECURE_TLS
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    # ruleid: INSECURE_TLS
    old = ssl.SSLContext(ssl.PROTOCOL_TLSv1_1)
    # ok: INSECURE_TLS
    new = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    # ruleid: INSECURE_TLS
    urllib.request.urlopen("https://x.example.com", context=ssl._create_unverified_context())
    return ctx, old, new
