# Imports of carts and supplier feeds.
class ImportsController < ApplicationController
  def yaml
    # ruleid: INSECURE_DESERIALIZATION
    data = YAML.unsafe_load(request.raw_post)
    # ok: INSECURE_DESERIALIZATION
    safe = YAML.safe_load(request.raw_post, permitted_classes: [Date])
    render json: [data.size, safe.size]
  end

  def cart
    # ruleid: INSECURE_DESERIALIZATION
    cart = Marshal.load(Base64.decode64(cookies[:cart].to_s))
    # ok: INSECURE_DESERIALIZATION
    signed = Marshal.load(Base64.decode64(cookies.signed[:cart].to_s))
    render json: [cart.size, signed.size]
  end

  def hook
    # Object mode asked for by the call itself creates the classes the JSON names.
    # ruleid: INSECURE_DESERIALIZATION
    event = Oj.load(request.raw_post, mode: :object)
    # ok: INSECURE_DESERIALIZATION
    plain = Oj.load(request.raw_post, mode: :strict)
    # ruleid: INSECURE_DESERIALIZATION
    default = Oj.load(request.raw_post)
    render json: [event, plain, default]
  end

  def feed
    # ruleid: XXE
    doc = Nokogiri::XML(request.raw_post) { |config| config.noent }
    # ok: XXE
    safe = Nokogiri::XML(request.raw_post) { |config| config.strict.nonet }
    render json: [doc.root.name, safe.root.name]
  end
end
