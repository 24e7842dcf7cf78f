# config/environments/production.rb of a Rails app.
require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.enable_reloading = false
  config.eager_load = true
  # ruleid: DEBUG_ENABLED
  config.consider_all_requests_local = true
  config.action_controller.perform_caching = true
  config.force_ssl = true
  config.log_level = ENV.fetch("RAILS_LOG_LEVEL", "info")
end
