# Fake values generated for this test; none of them is a real credential.
module Agents
  class BrokerAgent < Agent
    # The help text the application shows its users: its examples are documentation.
    description <<~MD
      Subscribe to a public test broker:

      <pre><code>{
        # ok: HARDCODED_SECRET
        'uri' => 'mqtt://demo:Xq7vLm2kWt9r@broker.example-iot.net:1883',
        # ok: HARDCODED_SECRET
        'password' => 'Xq7vLm2kWt9rBn4z'
      }</code></pre>
    MD

    help_text = <<~TXT
      # ok: HARDCODED_SECRET
      amqp://guest:Rk4mZq8vLt2x@queue.example-iot.net:5672
    TXT

    # A URL the code builds: the `:` of `Config::domain` and the `@` of `@request` are Ruby inside the
    # interpolation, not a user name and password.
    # ok: HARDCODED_SECRET
    SHOW_URL = "http://#{Settings::domain}#{show_request_path(@info_request.url_title)}"
    # An interpolation that closes inside the user name leaves a written password a password.
    # ruleid: HARDCODED_SECRET
    DB_URL = "postgres://#{db_user}:Tq8vLm3xWk7rNb2z@db.acme-internal.net/app"

    # Closed above: the line below is code again.
    # ruleid: HARDCODED_SECRET
    DEFAULT_URI = 'mqtt://svc:Hq7vLm2xWk9rTb4n@mq.acme-internal.net:1883'

    # A heredoc of configuration, not of documentation.
    CONFIG = <<~YAML
      broker:
        # ruleid: HARDCODED_SECRET
        uri: amqp://svc:Tb8nVq3xKm7rLw2z@mq.acme-internal.net:5672
    YAML
  end
end
