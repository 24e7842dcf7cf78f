# Settings spread over a Rails app (initializers and controllers).
class ApiController < ApplicationController
  # ok: CSRF
  protect_from_forgery with: :null_session
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token

  def login
    user = User.authenticate(params[:email], params[:password])
    # ruleid: INSECURE_COOKIE
    cookies[:session_token] = user.token
    # ok: INSECURE_COOKIE
    cookies[:session_token] = { value: user.token, httponly: true, secure: true }
    # ok: INSECURE_COOKIE
    cookies[:theme] = "dark"
    # A cookie naming how the user prefers to sign in holds no credential.
    # ok: INSECURE_COOKIE
    cookies[:preferred_auth] = "open_id"
    # ok: INSECURE_COOKIE
    cookies[:login_method] = "password"
    # ruleid: INSECURE_COOKIE
    cookies[:auth_token] = { value: user.remember_token, expires: 2.weeks.from_now }
    head :ok
  end

  def identity
    token = request.headers["Authorization"].to_s.split.last
    # ruleid: JWT_MISCONFIGURATION
    payload, = JWT.decode(token, nil, false)
    # ok: JWT_MISCONFIGURATION
    verified, = JWT.decode(token, ENV.fetch("JWT_SECRET"), true, { algorithm: "HS256" })
    render json: [payload, verified]
  end

  ISSUER_KEYS = { "https://login.example.org/realms/app" => "-----BEGIN PUBLIC KEY-----" }.freeze

  # The unverified payload only names the issuer whose key the caller then verifies the token with.
  def self.issuer_key(token)
    # ok: JWT_MISCONFIGURATION
    unverified = JWT.decode(token, nil, false, { algorithm: "RS256" }).first
    OpenSSL::PKey::RSA.new(ISSUER_KEYS[unverified["iss"]])
  end

  def self.claims_of(token)
    # ruleid: JWT_MISCONFIGURATION
    unverified = JWT.decode(token, nil, false, { algorithm: "RS256" }).first
    unverified["sub"]
  end

  def cache_dir
    # ruleid: INSECURE_PERMISSIONS
    FileUtils.mkdir_p("tmp/cache", mode: 0o777)
    # ok: INSECURE_PERMISSIONS
    FileUtils.mkdir_p("tmp/cache", mode: 0o750)
    head :ok
  end
end

Rails.application.config.middleware.insert_before 0, Rack::Cors do
  allow do
    # ruleid: CORS_MISCONFIGURATION
    origins { |_origin, _env| true }
    resource "*", headers: :any, methods: :any, credentials: true
  end
  allow do
    # ok: CORS_MISCONFIGURATION
    origins "https://app.example.com"
    resource "*", headers: :any, methods: :any, credentials: true
  end
end

# config/environments/test.rb
Rails.application.configure do
  config.eager_load = ENV["CI"].present?
  # ok: CSRF
  config.action_controller.allow_forgery_protection = false
  config.action_mailer.delivery_method = :test
end

# config/environments/development.rb: detailed errors are meant for the developer here.
Rails.application.configure do
  config.eager_load = false
  # ok: DEBUG_ENABLED
  config.consider_all_requests_local = true
  # ok: INSECURE_COOKIE
  config.session_store :cookie_store, key: "_shop_session", secure: false
  # ok: INSECURE_COOKIE
  config.force_ssl = false

  # A local profiling run turns eager loading on under an environment variable: still development
  # (the file turns it off at its top level).
  if ENV["PROFILE"]
    config.enable_reloading = false
    config.eager_load = true
  end
end


# A controller for the developers' own tooling that refuses to run in production (its filter raises there).
class BenchmarkController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  before_action :development_only
  before_action :load_model

  def create
    @model.update!(name: @model.name.reverse)
    render json: @model
  end

  private

  def development_only
    raise ActionController::BadRequest if Rails.env.production?
    sign_in(:user, User.first)
  end

  def load_model
    @model = Model.order("RANDOM()").first
  end
end

# A production check in an action that is no filter does not stop the other actions.
class ToolsController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token
  before_action :load_model

  def create
    @model.update!(name: params[:name])
    head :ok
  end

  def reset
    raise ActionController::BadRequest if Rails.env.production?
    Model.delete_all
  end

  private

  def load_model
    @model = Model.find(params[:id])
  end
end

# Sign-in skipped for one action only: the others act for the signed-in user.
class SharesController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token
  skip_before_action :authenticate_user!, only: [:show]

  def update
    current_user.shares.find(params[:id]).update!(public: params[:public])
    head :ok
  end
end

# The sign-in filter `authorize` skipped for one action only: the others still act for the signed-in user.
class EntriesController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token
  skip_before_action :authorize, only: [:push_view]

  def update
    current_user.entries.find(params[:id]).update!(starred: true)
  end
end

# Rails 5.2's own macro for the same switch, bare in the class body or for some actions.
class ThingsController < ApplicationController
  # ruleid: CSRF
  skip_forgery_protection

  def update
    current_user.things.find(params[:id]).update!(name: params[:name])
  end
end

class DraftsController < ApplicationController
  # ruleid: CSRF
  skip_forgery_protection only: [:update]

  def update
    current_user.drafts.find(params[:id]).update!(body: params[:body])
  end

  # A method of that name is no switch.
  # ok: CSRF
  def skip_forgery_protection
    false
  end
end
