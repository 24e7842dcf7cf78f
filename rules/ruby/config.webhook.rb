# Controllers a mail gateway and a browser talk to.
# A web hook for a mail gateway: every request carries the shared key, so there is no session to ride.
class IncomingMailController < ActionController::Base
  include ActiveSupport::SecurityUtils
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  before_action :check_key

  def create
    MailReceiver.receive(params[:email])
    head :created
  end

  private

  def check_key
    head :forbidden unless secure_compare(params[:key].to_s, ENV.fetch("MAIL_KEY"))
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
