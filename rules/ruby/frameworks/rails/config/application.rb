require_relative "boot"
require "rails/all"

module Notes
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end
