# A provider's data-deletion callback, signed with the secret the application shares with the provider: a
# request another site forges carries no valid signature.
class Accounts::DataDeletionsController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token

  def create
    signature, payload = params.expect(:signed_request).split(".", 2)
    raise ActionController::BadRequest unless Base64.urlsafe_decode64(signature) == OpenSSL::HMAC.digest("SHA256", Settings.provider_secret, payload)

    data = JSON.parse(Base64.urlsafe_decode64(payload))
    User.find_by!(provider_uid: data["user_id"]).update!(provider_uid: nil)
    head :ok
  end
end

class RememberMeController < ApplicationController
  def create
    token = current_user.issue_remember_token
    # ruleid: INSECURE_COOKIE
    cookies[:remember_token] = token
    redirect_to root_path
  end
end
