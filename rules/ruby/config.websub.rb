# The application's sign-in filter is `before_action :authorize`: a controller that skips it for every
# action serves anonymous callers (a WebSub hub's callback), so a forged request does no more than
# the attacker can do directly.
class WebSubController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  skip_before_action :authorize

  def verify
    render plain: params["hub.challenge"]
  end
end

class RememberMeController < ApplicationController
  def create
    # ruleid: INSECURE_COOKIE
    cookies[:remember_token] = current_user.issue_remember_token
    redirect_to root_path
  end
end
