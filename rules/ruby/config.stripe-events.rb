# The same provider's events taken without the check: any site can post one with the user's cookies.
class PaymentEventsController < ApplicationController
  # ruleid: CSRF
  protect_from_forgery except: :create

  def create
    @event = Stripe::Event.construct_from(JSON.parse(request.raw_post))
    current_user.payments.record!(@event)
    head :ok
  end
end
