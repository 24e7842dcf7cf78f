// A release script's configuration and an SMTP transport's protocol log: their debug flags write to
// the console of whoever runs them, not into responses.
const nodemailer = require('nodemailer');

const transport = nodemailer.createTransport({
  host: process.env.SMTP_HOST,
  // ok: DEBUG_ENABLED
  debug: true,
  logger: true,
});

module.exports = {
  branches: ['main'],
  // ok: DEBUG_ENABLED
  debug: true,
  transport,
};

// The error reporter the transport's failures go to: the stack does reach the client.
module.exports.reportError = function reportError(err, req, res) {
  // ruleid: DEBUG_ENABLED
  res.json({ error: err.message, stack: err.stack });
};
