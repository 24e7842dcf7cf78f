package auth

// Fake values generated for this test; none of them is a real credential.

// ruleid: HARDCODED_SECRET
var jwtKey = []byte("d33144f500067e809f58a49db5801e47")

// ok: HARDCODED_SECRET
var sessionKey = []byte(os.Getenv("SESSION_KEY"))

func connect() {
	// ruleid: HARDCODED_SECRET
	cfg := Config{User: "orders", Password: "MyD78sdgRS7YkiRLOE"}
	// ok: HARDCODED_SECRET
	if password == "" {
		return
	}
	// ok: HARDCODED_SECRET
	tokenType := "Bearer"
	_ = cfg
	_ = tokenType
}

func reportErrors() {
	// An error reporter's notifier key ships in every client: it only lets one send reports.
	bugsnag.Configure(bugsnag.Configuration{
		// ok: HARDCODED_SECRET
		APIKey:       "5e2b9c71d04a8f36b1e7c2d95a0f4b83",
		ReleaseStage: "production",
	})
}

// An HKDF `info` label says what a derived key is for; the secret is the input key material it is mixed with.
// ok: HARDCODED_SECRET
const SessionKeyDeriveInfo = "COOKIE-SESSION;SIGNED:HMAC-SHA256;ENCRYPTED:AES-256-CTR"

// ok: HARDCODED_SECRET
var tokenInfo = "access:read;scope:orders;v=2"

// ruleid: HARDCODED_SECRET
const infoSigningKey = "c9Xq2Lr8Vm4Tz7Kp"

