# Headers.

class PagesController < ApplicationController
  def download
    # ruleid: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name]}"
    # ok: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name].to_s.gsub(/[^\w.-]/, '_')}"
    head :ok
  end
end

# A mailer's params are the values its caller gave `with`, not the request's; a controller's are the request's.
class DigestMailer < ApplicationMailer
  def weekly
    # ok: HEADER_INJECTION
    headers["X-Digest-Period"] = params[:period]
    mail(to: params[:user].email, subject: "Your week")
  end
end

module Billing
  class ReceiptsController < ApplicationController
    def show
      # ruleid: HEADER_INJECTION
      headers["X-Receipt-Ref"] = params[:ref]
      head :ok
    end
  end
end
