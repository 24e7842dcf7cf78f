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

// A long first argument before the mode.
// ruleid: INSECURE_PERMISSIONS
fs.writeFileSync(require('node:path').join(__dirname, 'reports', 'latest', 'summary-of-every-run.json'), JSON.stringify({ runs: [], generatedAt: new Date().toISOString() }, null, 2), { mode: 0o666 });
// ok: INSECURE_PERMISSIONS
const year = 2017; fs.writeFileSync('/tmp/out', String(year));
// Every file and directory created after it keeps its default 0o666/0o777.
// ruleid: INSECURE_PERMISSIONS
process.umask(0);
// ok: INSECURE_PERMISSIONS
process.umask(0o022);
