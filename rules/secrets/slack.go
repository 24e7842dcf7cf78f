package slack

// Fake values generated for this test; none of them is a real credential.

// ruleid: HARDCODED_SECRET
const botToken = "xoxb-482091384752-5519203847562-qX4nMf7cX1CeBCSVPtRQrU9f"

// ruleid: HARDCODED_SECRET
var hook = "https://hooks.slack.com/services/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"

// ok: HARDCODED_SECRET
var docsHook = "https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX"

// ok: HARDCODED_SECRET
const channel = "C04QJ2M7Z8K"
