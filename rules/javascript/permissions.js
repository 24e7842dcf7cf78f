const fs = require('node:fs');
const fsp = require('node:fs/promises');

// ruleid: INSECURE_PERMISSIONS
fs.mkdirSync('/var/app/shared', { recursive: true, mode: 0o777 });
// ok: INSECURE_PERMISSIONS
fs.mkdirSync('/var/app/private', { recursive: true, mode: 0o700 });

async function publish(file) {
  // ruleid: INSECURE_PERMISSIONS
  await fsp.chmod(file, 0o666);
  // ok: INSECURE_PERMISSIONS
  await fsp.chmod(file, 0o644);
}

module.exports = { publish };
