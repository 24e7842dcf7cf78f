# Fake values generated for this test; none of them is a real credential.
# ruleid: HARDCODED_SECRET
Stripe.api_key = "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"
# ruleid: HARDCODED_SECRET
WEBHOOK_SECRET = ENV.fetch("STRIPE_WEBHOOK_SECRET", "whsec_T4uuLAGx8aE9BDlMdW54ludsGVD5kM7m")
# ok: HARDCODED_SECRET
PUBLISHABLE_KEY = "pk_live_qjtRkyQyEcAjAGKVEC8r7x3nLvtH52p9MqYxWyirPyXvPHjT5EGmflwEmVK3IeQ0QybVGAatAhQ76PY8bp0BT04V0LV3FmjCmb2"
# ok: HARDCODED_SECRET
DOCS_KEY = "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx"
# Stripe's documentation test key, printed for every reader of its API reference.
# ok: HARDCODED_SECRET
Stripe.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
