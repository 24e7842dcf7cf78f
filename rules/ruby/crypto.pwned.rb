# Sign-up refuses passwords found in breaches: the Pwned Passwords range API takes the first five hex
# digits of the password's SHA-1 (k-anonymity) and returns the suffixes it knows.
require "digest"
require "net/http"

class BreachedPasswordValidator < ActiveModel::EachValidator
  RANGE_URL = "https://api.pwnedpasswords.com/range/"

  def validate_each(record, attribute, password)
    # ok: WEAK_HASH
    digest = Digest::SHA1.hexdigest(password.to_s).upcase
    body = Net::HTTP.get(URI(RANGE_URL + digest[0, 5]))
    record.errors.add(attribute, :breached) if body.include?(digest[5..])
  end

  # What the API does not prescribe is still reported in the same file.
  def remember(record, password)
    # ruleid: WEAK_HASH
    record.legacy_digest = Digest::MD5.hexdigest(password)
  end
end
