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

  def mirror
    uri = URI.parse(params[:url])
    if uri.host == Rails.application.config.assets_host
      # ok: SSRF
      Net::HTTP.get_response(uri)
    end
    # ruleid: SSRF
    Net::HTTP.get_response(uri)
  end
end

# http.rb's chained options (timeouts, headers, auth) return a client that sends like `HTTP` itself.
class InstanceProbesController < ApplicationController
  def create
    endpoint = URI.parse(params[:instance_url])
    # ruleid: SSRF
    HTTP.timeout(connect: 2, read: 2).post(endpoint, json: { name: "probe" })
    # ruleid: SSRF
    HTTP.headers(accept: "application/json").auth("Bearer #{ENV["PROBE_TOKEN"]}").get(params[:status_url])
    # ok: SSRF
    HTTP.timeout(connect: 2).get("https://status.example.com/v1/instances/#{params[:id].to_i}")
    head :ok
  end
end
