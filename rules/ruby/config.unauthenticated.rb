# Rails 8's authentication concern (`bin/rails generate authentication`) and concerns shaped like it give
# controllers a class macro that skips the sign-in filter: `allow_unauthenticated_access`, or
# `skip_authentication` in applications that name theirs so. Given for every action, no action acts
# for a signed-in user whose cookie a forged request could ride.

# Inbound webhooks: every request is verified by the sender's signature.
class WebhooksController < ApplicationController
  # ok: CSRF
  skip_before_action :verify_authenticity_token
  skip_authentication

  def stripe
    event = Stripe::Webhook.construct_event(request.body.read, request.headers["Stripe-Signature"], ENV["STRIPE_WEBHOOK_SECRET"])
    StripeEvents.process(event)
    head :ok
  end
end

# An API that authenticates each request by a bearer token in a header.
class Api::BaseController < ApplicationController
  allow_unauthenticated_access
  # ok: CSRF
  skip_forgery_protection
  before_action :authenticate_api_key!

  private

  def authenticate_api_key!
    head :unauthorized unless ApiKey.active.exists?(token: request.authorization.to_s.delete_prefix("Bearer "))
  end
end

# Skipped for some actions only: the others act for the signed-in user.
class PasswordsController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token
  allow_unauthenticated_access only: %i[new create]

  def update
    Current.user.update!(password: params[:password])
    redirect_to root_path
  end
end

class InvitationsController < ApplicationController
  # ruleid: CSRF
  skip_forgery_protection
  skip_authentication only: :accept

  def create
    Current.family.invitations.create!(email: params[:email])
  end
end
