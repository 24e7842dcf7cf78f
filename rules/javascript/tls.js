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

if (process.env.INSECURE === 'yes') {
  // ruleid: INSECURE_TLS
  process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
}

module.exports = { insecureAgent, pinnedAgent, oldAgent, modernAgent, connectLegacy };
