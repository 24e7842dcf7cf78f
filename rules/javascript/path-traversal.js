const express = require('express');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const router = express.Router();
const INVOICES = path.resolve(__dirname, 'invoices');

function insideInvoices(name) {
  const full = path.resolve(INVOICES, name);
  if (!full.startsWith(INVOICES + path.sep)) throw new Error('bad path');
  return full;
}

router.get('/invoices/:name', async (req, res) => {
  // ruleid: PATH_TRAVERSAL
  const pdf = await fsp.readFile(INVOICES + '/' + req.params.name);
  res.type('application/pdf').send(pdf);
});

router.get('/invoices/v2/:name', async (req, res) => {
  // ok: PATH_TRAVERSAL
  const pdf = await fsp.readFile(path.join(INVOICES, path.basename(req.params.name)));
  res.type('application/pdf').send(pdf);
});

router.get('/invoices/v3/:name', async (req, res) => {
  // ok: PATH_TRAVERSAL
  const pdf = await fsp.readFile(insideInvoices(req.params.name));
  res.type('application/pdf').send(pdf);
});

router.get('/download', (req, res) => {
  // ruleid: PATH_TRAVERSAL
  res.download(path.join(INVOICES, req.query.file));
});

router.get('/download/v2', (req, res) => {
  // ok: PATH_TRAVERSAL
  res.sendFile(String(req.query.file), { root: INVOICES });
});

router.delete('/drafts/:name', (req, res) => {
  const draft = path.normalize(req.params.name);
  // ruleid: PATH_TRAVERSAL
  fs.unlinkSync(path.join(INVOICES, 'drafts', draft));
  res.status(204).end();
});

router.get('/reports/:name', async (req, res) => {
  const name = req.params.name;
  if (name === '' || name === undefined) return res.status(400).end();
  // ruleid: PATH_TRAVERSAL
  res.send(await fsp.readFile(path.join(INVOICES, 'reports', name)));
});

// `copy` from copy-to-clipboard, and a file named by the hash of a request value.
const copy = require('copy-to-clipboard');
const crypto = require('node:crypto');

router.get('/share-link', (req, res) => {
  // ok: PATH_TRAVERSAL
  copy(`${req.query.base}/share`);
  const cacheFile = `/var/cache/app/${crypto.createHash('sha256').update(req.query.url).digest('hex')}.json`;
  // ok: PATH_TRAVERSAL
  fs.readFileSync(cacheFile);
  res.end();
});

// h3 reads a cookie of the request as `getCookie(event, name)`; a browser helper `getCookie(name)` has no event.
const { defineEventHandler, getCookie } = require('h3');

module.exports.theme = defineEventHandler((event) => {
  // ruleid: PATH_TRAVERSAL
  return fs.readFileSync(`themes/${getCookie(event, 'theme')}.css`, 'utf8');
});

// Routes behind an administrators-only middleware read the operator's input.
router.post('/admin/exports', requireAdmin, (req, res) => {
  // ok: PATH_TRAVERSAL
  fs.mkdirSync(req.body.directory, { recursive: true });
  res.sendStatus(201);
});

router.post('/exports', requireLogin, (req, res) => {
  // ruleid: PATH_TRAVERSAL
  fs.mkdirSync(path.join('/srv/exports', req.body.directory), { recursive: true });
  res.sendStatus(201);
});

// express-fileupload with useTempFiles keeps each upload under a temporary name of its own.
router.post('/avatars', requireLogin, async (req, res) => {
  const upload = req.query.keepOriginal ? undefined : req.files.avatar;
  // ok: PATH_TRAVERSAL
  const data = await fsp.readFile(upload.tempFilePath);
  // ok: PATH_TRAVERSAL
  await fsp.writeFile(upload.tempFilePath, data.subarray(0, 1024));
  // ruleid: PATH_TRAVERSAL
  await fsp.writeFile(path.join('/srv/avatars', upload.name), data);
  res.sendStatus(201);
});
