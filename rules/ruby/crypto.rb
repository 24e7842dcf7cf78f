# Account security helpers.
require "digest"
require "openssl"

module AccountSecurity
  module_function

  def legacy_digest(password)
    # ruleid: WEAK_HASH
    Digest::MD5.hexdigest(password)
  end

  # The method name says nothing; the data is a password.
  def self.encode(clear_password, salt)
    # ruleid: WEAK_HASH
    Digest::SHA1.hexdigest("#{salt}#{clear_password}")
  end

  def login_digest(params)
    # ruleid: WEAK_HASH
    Digest::MD5.hexdigest(params[:password].to_s)
  end

  def asset_fingerprint(body)
    # ok: WEAK_HASH
    Digest::MD5.hexdigest(body)
  end

  # An NTLM client: the NT hash is MD4 of the UTF-16LE password, as the protocol defines it.
  def nt_hash(password)
    # ok: WEAK_HASH
    OpenSSL::Digest::MD4.digest(password.encode("UTF-16LE"))
  end

  def legacy_pin_digest(password)
    # ruleid: WEAK_HASH
    OpenSSL::Digest::MD4.hexdigest(password)
  end

  def partner_signature(query, secret)
    # ok: WEAK_HASH
    Digest::MD5.hexdigest(query.sort.map { |k, v| "#{k}#{v}" }.join + secret)
  end

  def start_reset(user)
    # ruleid: WEAK_RANDOM
    user.reset_token = rand(36**32).to_s(36)
    user.save!
  end

  def remember(user)
    # ruleid: WEAK_RANDOM
    cookies[:remember] = { value: Random.new.rand(10**20).to_s(36), secure: true, httponly: true }
    # ruleid: WEAK_RANDOM
    session[:otp] = format("%06d", rand(1_000_000))
  end

  def invite(email)
    # ruleid: WEAK_RANDOM
    User.create!(email: email, password: ("a".."z").to_a.sample(12).join)
  end

  def start_reset_secure(user)
    # ok: WEAK_RANDOM
    user.reset_token = SecureRandom.urlsafe_base64(32)
  end

  def shuffle_delay
    # ok: WEAK_RANDOM
    sleep(rand(100) / 1000.0)
  end

  # A method named for what it makes returns its last expression: the code it returns is guessable.
  def login_code
    # ruleid: WEAK_RANDOM
    format("%06d", Random.new.rand(1_000_000))
  end

  def pick_theme
    # ok: WEAK_RANDOM
    %w[light dark sepia].sample
  end

  # One of four pictures: a choice among a handful is no secret.
  def background
    # ok: WEAK_RANDOM
    session[:background_image_number] ||= rand(1..4)
    # ruleid: WEAK_RANDOM
    session[:pin] = rand(1000..9999)
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

  # An opt-in the class offers, named for the weakening: the caller that uses it decides.
  def insecure_client(host)
    http = Net::HTTP.new(host, 443)
    http.use_ssl = true
    # ok: INSECURE_TLS
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
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

  # An IMAP task's documented `ssl=force` mode: the other branch verifies.
  def self.imap_ssl(imap_options)
    if imap_options[:ssl] == "force"
      # ok: INSECURE_TLS
      { verify_mode: OpenSSL::SSL::VERIFY_NONE }
    else
      { verify_mode: OpenSSL::SSL::VERIFY_PEER }
    end
  end

  # A fetcher whose callers choose: verification is on unless the caller turns it off.
  def self.fetch_with(url, verify: true)
    http = Net::HTTP.new(url.host, url.port)
    http.use_ssl = true
    # ok: INSECURE_TLS
    http.verify_mode = verify ? OpenSSL::SSL::VERIFY_PEER : OpenSSL::SSL::VERIFY_NONE
    # ok: INSECURE_TLS
    Net::HTTP.start(url.host, url.port, use_ssl: true, verify_mode: verify ? OpenSSL::SSL::VERIFY_PEER : OpenSSL::SSL::VERIFY_NONE)
  end

  # A branch on the scheme is no opt-in: every HTTPS call goes unverified.
  def self.fetch(url)
    http = Net::HTTP.new(url.host, url.port)
    if url.scheme == "https"
      http.use_ssl = true
      # ruleid: INSECURE_TLS
      http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    end
    http.get(url.path)
  end
end
