# A mail gateway posting with the HTTP basic credentials it was given: the request brings its own
# credential, which another site cannot make a browser send.
class NewslettersController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token

  def create
    NewsletterReceiver.perform_async(params[:to], params[:url])
    head :ok
  end

  private

  def authorize
    http_basic_authenticate_or_request_with name: "newsletters", password: ENV["NEWSLETTER_PASSWORD"]
  end
end

class DeviceController < ApplicationController
  def create
    # ruleid: INSECURE_COOKIE
    cookies[:device_token] = current_user.issue_device_token
    head :ok
  end
end
