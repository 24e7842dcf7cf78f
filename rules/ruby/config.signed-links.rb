# An HMAC the controller computes for a link it hands out checks nothing about the request it serves.
class ExportsController < ApplicationController
  # ruleid: CSRF
  skip_before_action :verify_authenticity_token

  def create
    export = current_user.exports.create!(format: params[:format])
    @signature = OpenSSL::HMAC.hexdigest("SHA256", Rails.application.secret_key_base, export.id.to_s)
  end
end
