# A payment provider's webhook: Stripe's SDK checks the request's signature against the endpoint secret.
module Stripe
  class EventsController < ApplicationController
    # ok: CSRF
    protect_from_forgery except: :create
    before_action :verify_event

    def create
      EventHandler.new(@event).handle
      head :ok
    end

    private

    def verify_event
      @event = Webhook.construct_event(request.raw_post, request.headers["HTTP_STRIPE_SIGNATURE"], ENV.fetch("STRIPE_ENDPOINT_SECRET"))
    rescue Stripe::SignatureVerificationError
      head :unauthorized
    end
  end
end

class CheckoutController < ApplicationController
  def complete
    token = current_user.issue_remember_token
    # ruleid: INSECURE_COOKIE
    cookies[:remember_token] = token
    redirect_to root_path
  end
end
