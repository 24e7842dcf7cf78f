# An error notifier posts notices with an API key in the payload: the action that skips the token
# check also skips the sign-in, so no user's cookie rides a forged request.
class NoticesController < ApplicationController
  skip_before_action :authenticate_user!, only: :create
  # ok: CSRF
  skip_before_action :verify_authenticity_token, only: :create

  def create
    report = ErrorReport.new(params[:data])
    # ruleid: SQL_INJECTION
    Notice.where("app_key = '#{params[:key]}'").first
    render body: report.valid? ? "ok" : "unknown key"
  end
end
