# Django settings of a deployment.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
# ruleid: INSECURE_DESERIALIZATION
SESSION_SERIALIZER = "django.contrib.sessions.serializers.PickleSerializer"
# ok: INSECURE_DESERIALIZATION
SESSION_SERIALIZER = "django.contrib.sessions.serializers.JSONSerializer"
