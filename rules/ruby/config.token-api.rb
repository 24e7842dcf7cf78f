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
