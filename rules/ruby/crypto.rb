# Account security helpers.
require "digest"
require "openssl"

module AccountSecurity
  module_function

  def legacy_digest(password)
    # ruleid: WEAK_HASH
    Digest::MD5.hexdigest(password)
  end

  def asset_fingerprint(body)
    # ok: WEAK_HASH
    Digest::MD5.hexdigest(body)
  end

  def token_digest(token)
    # ok: WEAK_HASH
    Digest::SHA1.hexdigest(token)
  end

  def invite_token
    # ruleid: WEAK_RANDOM
    rand(10**20).to_s(36)
  end

  def shuffle_delay
    # ok: WEAK_RANDOM
    rand(100) / 1000.0
  end

  def legacy_cipher
    # ruleid: WEAK_CRYPTO
    OpenSSL::Cipher.new("des-cbc")
  end

  def cipher
    # ok: WEAK_CRYPTO
    OpenSSL::Cipher.new("aes-256-gcm")
  end

  def partner_client
    http = Net::HTTP.new("partner.example.com", 443)
    http.use_ssl = true
    # ruleid: INSECURE_TLS
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    # ok: INSECURE_TLS
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    http
  end

  # A command-line client's opt-out, like curl's -k.
  def self.post_form(url, form, options = {})
    http = Net::HTTP.new(url.host, url.port)
    http.use_ssl = url.scheme == "https"
    if options[:no_check_certificate]
      # ok: INSECURE_TLS
      http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    end
    http.start { |h| h.request(Net::HTTP::Post.new(url.path).tap { |r| r.form_data = form }) }
  end
end
