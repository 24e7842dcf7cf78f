# Admin tools of a Rails shop: logs.

class Admin::ToolsController < ApplicationController
  def login_failed
    # ruleid: LOG_INJECTION
    Rails.logger.warn("login failed for #{params[:email]}")
    # The debug level is off in production.
    # ok: LOG_INJECTION
    Rails.logger.debug("login attempt for #{params[:email]}")
    # ok: LOG_INJECTION
    logger&.debug "no user with e-mail address #{params[:email]}"
    # ok: LOG_INJECTION
    Rails.logger.warn("login failed for #{params[:email].to_s.gsub(/[\r\n]/, ' ')}")
    head :unauthorized
  end

  def not_found
    # ok: LOG_INJECTION
    Rails.logger.info("no route for #{request.fullpath} (#{request.user_agent})")
    head :not_found
  end

  def login_succeeded
    user = User.find_by_api_key(params[:key].to_s)
    # ok: LOG_INJECTION
    Rails.logger.info("API access by #{user.login} (id=#{user.id})")
    head :ok
  end

  def bulk_invite
    emails = params[:emails].to_s.split(",").map(&:strip)
    # Interpolated whole, an array prints its inspect: each string quoted, a line break as `\n`.
    # ok: LOG_INJECTION
    Rails.logger.info("inviting #{[params[:email], params[:cc]]}")
    # ruleid: LOG_INJECTION
    Rails.logger.info("inviting #{emails.join(', ')}")
    # A logger prints a message that is not a string through inspect.
    # ok: LOG_INJECTION
    Rails.logger.info([params[:email], params[:cc]])
    head :ok
  end
end

# A method's own parameter named `params` is what its caller passed, not the request: followed from the
# call that passes the request's, quiet where no caller does.
class ImportJob
  def self.describe(params)
    # ok: LOG_INJECTION
    Rails.logger.info("import of #{params[:name]}")
  end

  def self.start(params)
    # ruleid: LOG_INJECTION
    Rails.logger.info("starting #{params[:name]}")
  end
end

class ImportsController < ApplicationController
  def create
    ImportJob.describe(name: "nightly")
    ImportJob.start(params)
  end
end

# An action of the admin namespace, whose base controller checks the role: the operator's own input.
class Admin::ImportsController < Admin::BaseController
  def create
    # ok: LOG_INJECTION
    Rails.logger.info("import from #{params[:source]}")
  end
end

# The same namespace without the admin base controller is any signed-in user's.
class Admin::ReportsController < ApplicationController
  def create
    # ruleid: LOG_INJECTION
    Rails.logger.info("report for #{params[:source]}")
  end
end

# The signed-in user Warden keeps in the Rack environment (what Devise's `current_user` reads) is a record of the
# application's; the request's own parameters stay the client's.
class ProfilesController < ActionController::Base
  def update
    user = request.env["warden"].user
    user.update!(params.require(:user).permit(:time_format))
    # ok: LOG_INJECTION
    Rails.logger.info("#{user.name} <#{user.email}> updated their profile")
    # ruleid: LOG_INJECTION
    Rails.logger.info("profile update asked for #{params[:user][:name]}")
    head :ok
  end
end

# `inspect` and JSON escape line breaks: the logged text is one line whatever the request sent.
class AdminListingsController < ActionController::Base
  def create
    # ok: LOG_INJECTION
    logger.info "ADMIN ACTION: admin='#{current_user.id}' create listing params=#{params.inspect}"
    # ok: LOG_INJECTION
    Rails.logger.warn({ type: :ipn, body: request.raw_post }.to_json)
    # ruleid: LOG_INJECTION
    logger.warn("Fake IPN message received: #{request.raw_post}")
    head :ok
  end
end
