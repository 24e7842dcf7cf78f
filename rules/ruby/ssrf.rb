# Link previews.
require "open-uri"

class PagesController < ApplicationController
  def preview
    # ruleid: SSRF
    body = URI.parse(params[:url]).open.read
    # ruleid: SSRF
    res = Net::HTTP.get_response(URI("https://#{params[:host]}/status"))
    # ok: SSRF
    rates = Net::HTTP.get_response(URI("https://api.example.com/rates?base=#{CGI.escape(params[:base].to_s)}"))
    # ok: SSRF
    Net::HTTP.get_response(URI("https://api.example.com/orders/#{params[:order_id]}"))
    render json: { size: body.bytesize, up: res.code, rates: rates.code }
  end
end
