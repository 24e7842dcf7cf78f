import ssl
import urllib.request

import httplib2
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


def smtp_context(settings):
    ctx = ssl.create_default_context()
    if settings.EMAIL_SSL_INSECURE:
        # The operator's switch, named for what it weakens.
        # ok: INSECURE_TLS
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def ldap_context(options):
    # ok: INSECURE_TLS
    return ssl._create_unverified_context() if options.no_verify else ssl.create_default_context()


def db_context(use_ssl):
    ctx = ssl.create_default_context()
    if use_ssl:
        # Turning TLS on is not asking for no verification.
        # ruleid: INSECURE_TLS
        ctx.check_hostname = False
    return ctx


def insecure_session():
    # An opt-in the module offers, named for the weakening: the caller that uses it decides.
    session = requests.Session()
    # ok: INSECURE_TLS
    session.verify = False
    return session


# httplib2 checks certificates unless told not to.
def fetch_status(url):
    # ruleid: INSECURE_TLS
    client = httplib2.Http(".cache", disable_ssl_certificate_validation=True)
    # ok: INSECURE_TLS
    checked = httplib2.Http(".cache", disable_ssl_certificate_validation=False)
    return client.request(url) + checked.request(url)
