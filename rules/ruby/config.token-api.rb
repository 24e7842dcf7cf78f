# protect_from_forgery for some actions or requests only: the others are not checked.
class ThingsController < ApplicationController
  # ruleid: CSRF
  protect_from_forgery except: :update

  def update
    current_user.things.find(params[:id]).update!(name: params[:name])
  end
end

class PagesController < ApplicationController
  # ruleid: CSRF
  protect_from_forgery :only => [:create]

  def destroy
    current_user.pages.find(params[:id]).destroy!
  end
end

# A `.json` URL makes `request.format.json?` true for a form another site posts.
class NotesController < ApplicationController
  # ruleid: CSRF
  protect_from_forgery with: :exception, unless: -> { request.format.json? }

  def update
    current_user.notes.find(params[:id]).update!(body: params[:body])
  end
end

# The signed-in user of this controller comes from the request's bearer token, not from a cookie: a page
# on another site cannot make the browser send the token.
class Api::BaseController < ApplicationController
  # ok: CSRF
  protect_from_forgery unless: -> { request.format.json? }

  def current_user
    current_token ? current_token.authorization.user : nil
  end
end

# A token kept in a cookie is the browser's, sent with a forged request as the session is.
class SessionsApiController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token

  def current_user
    @current_user ||= User.find_by(remember_token: cookies.signed[:remember_token])
  end

  def update
    current_user.update!(name: params[:name])
  end
end

# An API straight on ActionController::Base whose every request carries its key in a header: none of the
# user's cookies or session rides along with a request another site makes, and a form cannot set the header.
class Integrations::BaseController < ActionController::Base
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  before_action :authenticate_by_key

  def create
    @credential.project.deliveries.create!(payload: params[:payload])
  end

  private

  def authenticate_by_key
    @credential = ApiCredential.find_by(key: request.headers["X-Integration-Key"].to_s)
    head :unauthorized unless @credential
  end
end

# A key header beside a sign-in from the session: a forged request still carries the session cookie.
class Integrations::MixedController < ActionController::Base
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token

  def account
    Account.find_by(key: request.headers["X-Integration-Key"]) || Account.find_by(id: session[:account_id])
  end
end

# An OAuth API: the user of every action is the owner of the request's bearer token (Doorkeeper).
class Api::V2::BaseController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token

  def setup_user
    self.current_user = User.find(doorkeeper_token.resource_owner_id) if doorkeeper_token&.accessible?
  end
end

# The token's owner, or else the user of the session: a forged request signs in by the cookie.
class Api::V2::HybridController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token

  def current_user
    @current_user ||= doorkeeper_token ? User.find(doorkeeper_token.resource_owner_id) : User.find_by(id: session[:user_id])
  end
end
