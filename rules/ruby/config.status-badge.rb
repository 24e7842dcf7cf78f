# A status answered to anonymous callers (a badge, a deploy's state): the sign-in and the token check are skipped for
# the same action, which acts for no signed-in user.
class DeploysController < ApplicationController
  skip_before_action :check_login, only: [:status]
  # ok: CSRF
  skip_before_action :verify_authenticity_token, only: [:status]

  def status
    render json: { status: Deploy.find(params[:id]).status }
  end

  def update
    Deploy.find(params[:id]).update!(params.require(:deploy).permit(:notes))
    head :no_content
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
