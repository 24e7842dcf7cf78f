# A Sinatra app and a Rack config.ru: session middleware settings.
require "sinatra/base"

class ShopApp < Sinatra::Base
  # ruleid: INSECURE_COOKIE
  use Rack::Session::Cookie,
    key: "rack.session",
    path: "/",
    expire_after: 2_592_000,
    # ruleid: HARDCODED_SECRET
    secret: "change_me"

  # ruleid: HARDCODED_SECRET
  set :session_secret, "3f1e9c0d5b7a2c4e6f8091a2b3c4d5e6"

  # Rack::Protection off: no Origin check, no authenticity token, for every form of the session-signed-in app.
  # ruleid: CSRF
  set :protection, false
end

class CheckoutApp < Sinatra::Base
  enable :sessions
  # ruleid: CSRF
  disable :protection
end

class AdminApp < Sinatra::Base
  # ok: INSECURE_COOKIE
  use Rack::Session::Cookie,
    key: "admin.session",
    secure: true,
    # ok: HARDCODED_SECRET
    secret: ENV.fetch("SESSION_SECRET")

  # ok: HARDCODED_SECRET
  set :session_secret, ENV["SESSION_SECRET"]
  # ok: HARDCODED_SECRET
  set :public_folder, "public"
  # Only the frame-options header left out: the CSRF checks stay.
  # ok: CSRF
  set :protection, except: [:frame_options]
  # ok: CSRF
  set :protection, true
end
