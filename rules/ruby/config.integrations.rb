# CI integrations: a service posts to a per-project token URL. The sign-in filter is skipped for every action, so
# no action acts for a signed-in user whose cookie a forged request could ride.
class Integrations::BaseController < ApplicationController
  skip_before_action :login_user
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  before_action :validate_token

  def create
    DeployService.new(project).deploy(params[:stage], reference: params[:commit])
    head :created
  end

  private

  def project
    @project ||= Project.find_by_token(params[:token])
  end

  def validate_token
    head :unauthorized unless project
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
