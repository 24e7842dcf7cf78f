const https = require('node:https');
const fs = require('node:fs');
const tls = require('node:tls');

// ruleid: INSECURE_TLS
const insecureAgent = new https.Agent({ rejectUnauthorized: false });
// ok: INSECURE_TLS
const pinnedAgent = new https.Agent({ ca: fs.readFileSync('/etc/ssl/internal-ca.pem') });
// ruleid: INSECURE_TLS
const oldAgent = new https.Agent({ secureProtocol: 'TLSv1_method' });
// ok: INSECURE_TLS
const modernAgent = new https.Agent({ minVersion: 'TLSv1.3' });

function connectLegacy(host) {
  // ruleid: INSECURE_TLS
  return tls.connect({ host, port: 443, minVersion: 'TLSv1' });
}

// Process-wide: a flag around it does not limit it to the connection the flag was about.
if (process.env.INSECURE === 'yes') {
  // ruleid: INSECURE_TLS
  process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
}

// One client, only when the operator asks for it with a flag named for the weakening: their
// choice, like curl's -k.
function partnerAgent(options) {
  const agent = new https.Agent({ keepAlive: true });
  if (options.insecure) {
    // ok: INSECURE_TLS
    agent.options.rejectUnauthorized = false;
  }
  return agent;
}

function mailTransport(env) {
  return {
    host: env.SMTP_HOST,
    // Verified unless the operator turns SMTP_SECURE off (plain SMTP with opportunistic STARTTLS).
    // ok: INSECURE_TLS
    tls: env.SMTP_SECURE ? { ciphers: env.SMTP_TLS_CIPHERS } : { rejectUnauthorized: false },
  };
}

function dbOptions(config) {
  return {
    // Turning TLS on is not asking for no verification.
    // ruleid: INSECURE_TLS
    ssl: config.DB_SSL ? { rejectUnauthorized: false } : false,
    // ok: INSECURE_TLS
    dialectOptions: config.allowSelfSigned && { rejectUnauthorized: false },
  };
}

function agentFor(url) {
  if (url.startsWith('https:')) {
    // ruleid: INSECURE_TLS
    return new https.Agent({ rejectUnauthorized: false });
  }
  return undefined;
}

module.exports = { insecureAgent, pinnedAgent, oldAgent, modernAgent, connectLegacy, mailTransport, dbOptions, agentFor, partnerAgent };

// Opt-ins the module offers, named for the weakening: the caller that uses one decides.
function createInsecureAgent() {
  // ok: INSECURE_TLS
  return new https.Agent({ rejectUnauthorized: false });
}

const skipTlsVerification = (options) => ({
  ...options,
  // ok: INSECURE_TLS
  rejectUnauthorized: false,
});

module.exports = { createInsecureAgent, skipTlsVerification };

// libpq's sslmode, as PostgreSQL documents it: `require`, `prefer` and `allow` encrypt without checking the
// certificate, `verify-ca` and `verify-full` check it. The operator picks the mode; code that maps it onto the
// driver's options carries out that choice.
function pgSsl(sslMode) {
  if (!sslMode || sslMode === 'disable') return false;
  if (sslMode === 'require' || sslMode === 'prefer' || sslMode === 'allow') {
    // ok: INSECURE_TLS
    return { rejectUnauthorized: false };
  }
  return { rejectUnauthorized: true };
}

// A branch on whether any mode is set only turns TLS on: that is not asking for no verification.
function pgSslWrong(sslMode) {
  if (sslMode) {
    // ruleid: INSECURE_TLS
    return { rejectUnauthorized: false };
  }
  return false;
}

module.exports = { pgSsl, pgSslWrong };
