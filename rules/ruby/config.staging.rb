# config/environments/staging.rb of a Rails app: a copy of production.
Rails.application.configure do
  config.eager_load = true
  config.consider_all_requests_local = false
  # ruleid: INSECURE_COOKIE
  config.force_ssl = false
  config.log_level = :info
end
