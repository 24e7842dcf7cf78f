const { exec, execFile, spawn } = require('node:child_process');
const express = require('express');

const router = express.Router();

router.get('/dns', (req, res) => {
  const domain = req.query.domain;
  // ruleid: COMMAND_INJECTION
  exec(`dig +short ${domain}`, (err, stdout) => res.send(stdout));
});

router.get('/dns/v2', (req, res) => {
  // ok: COMMAND_INJECTION
  execFile('dig', ['+short', '--', String(req.query.domain)], (err, stdout) => res.type('text/plain').send(stdout));
});

router.post('/convert', (req, res) => {
  const input = req.body.file;
  // ruleid: COMMAND_INJECTION
  const child = spawn('bash', ['-c', 'convert ' + input + ' out.png']);
  child.on('close', () => res.end());
});

router.post('/zip', (req, res) => {
  // ruleid: COMMAND_INJECTION
  spawn('zip', ['-r', req.body.name, 'data/'], { shell: true });
  // ok: COMMAND_INJECTION
  spawn('zip', ['-r', req.body.name, 'data/'], { cwd: '/srv' });
  const lines = Number.parseInt(req.body.lines, 10) || 10;
  // ok: COMMAND_INJECTION
  exec(`tail -n ${lines} /var/log/app.log`);
  res.end();
});

// A deploy script: whoever runs it already has the shell its arguments go to.
// ok: COMMAND_INJECTION
exec(`rsync -a build/ ${process.argv[2]}:/srv/app`);

// jQuery's `$` builds DOM nodes; it runs no command.
router.get('/widget', (req, res) => {
  const $ = require('cheerio').load('<div id="w"></div>');
  // ok: COMMAND_INJECTION
  $(req.query.selector).attr('title', 'picked');
  res.send($.html());
});

// The module required inline, without a binding.
router.get('/ls', (req, res) => {
  // ruleid: COMMAND_INJECTION
  require('child_process').exec('ls ' + req.query.dir, (err, out) => res.send(out));
});
