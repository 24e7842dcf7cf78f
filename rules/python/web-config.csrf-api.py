# Flask views exempted from CSRF protection. A view behind a decorator that authenticates every request by a
# header credential (an API key, a bearer token, HTTP Basic sent by a script) is not reached with the browser's
# cookies, even when the decorator then signs its user in and the view reads `current_user`.
from flask import Blueprint, jsonify, request, session
from flask_login import current_user, login_required, login_user

from .base import csrf
from .decorators import api_key_auth, apikey_or_basic_auth, basic_api_auth, member_api_auth, token_required
from .models import Zone
from .saml import SamlService

bp = Blueprint("api", __name__)
sso = SamlService()


@bp.route("/api/zones", methods=["POST"])
@basic_api_auth
# ok: CSRF
@csrf.exempt
def create_zone():
    Zone.create(name=request.get_json()["name"], owner=current_user.id)
    return jsonify({}), 201


@bp.route("/api/zones/<int:zone_id>", methods=["DELETE"])
@api_key_auth
# ok: CSRF
@csrf.exempt
def delete_zone(zone_id):
    Zone.query.filter_by(id=zone_id, owner=current_user.id).delete()
    return "", 204


@bp.route("/api/keys", methods=["POST"])
@token_required
# ok: CSRF
@csrf.exempt
def create_key():
    return jsonify(current_user.new_key()), 201


# A decorator of the project's own that does not say how it authenticates: the session cookie may be it.
@bp.route("/api/members", methods=["POST"])
@member_api_auth
# ruleid: CSRF
@csrf.exempt
def add_member():
    current_user.team.add(request.form["email"])
    return "", 204


# The SAML assertion consumer: the identity provider posts it cross-site by design, and python3-saml's
# process_response verifies the signed response before anyone is signed in.
@bp.route("/saml/acs", methods=["POST"])
# ok: CSRF
@csrf.exempt
def saml_acs():
    auth = sso.init_saml_auth(request)
    auth.process_response()
    if not auth.get_errors():
        login_user(Zone.owner_for(auth.get_nameid()))
    return "", 302


# A dynamic-DNS update signed in by the session cookie as well as by Basic credentials: forgeable.
@bp.route("/nic/update", methods=["GET", "POST"])
# ruleid: CSRF
@csrf.exempt
def dyndns_update():
    if not current_user.is_authenticated:
        return "badauth", 200
    Zone.update_address(current_user.id, request.args.get("myip"))
    return "good", 200


@bp.route("/prefs", methods=["POST"])
# ruleid: CSRF
@csrf.exempt
def save_prefs():
    session["theme"] = "dark"
    return "", 204


@bp.route("/api/servers/<path:subpath>", methods=["PUT"])
@apikey_or_basic_auth
# ok: CSRF
@csrf.exempt
def proxy(subpath):
    return Zone.forward(current_user.id, subpath, request.get_json())
