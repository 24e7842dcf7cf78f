# Webhooks that other services post to: the controller skips sign-in for every action, so there is no
# signed-in user whose cookie a forged request could ride. Each hook checks its own secret from the URL.
class HookRequestsController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  skip_before_action :authenticate_user!

  def receive
    hook = Hook.find_by!(id: params[:hook_id])
    return head(:forbidden) unless hook.secret == params[:secret]

    hook.deliver(request.raw_post)
    # ruleid: INSECURE_COOKIE
    cookies[:remember_token] = hook.token
    head :accepted
  end
end
