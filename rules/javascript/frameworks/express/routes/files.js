const express = require('express');
const path = require('path');
const { invoicePath } = require('../lib/format');
const { requireAdmin } = require('../lib/auth');

const router = express.Router();

router.get('/invoice/:name', (req, res) => {
  // ruleid: PATH_TRAVERSAL
  res.sendFile(invoicePath(req.params.name));
});

router.get('/receipt', (req, res) => {
  // ruleid: PATH_TRAVERSAL
  res.download(path.join(__dirname, '..', 'receipts', req.query.file));
});

router.get('/attachment', (req, res) => {
  // `root` keeps the name inside the folder and rejects `..`.
  // ok: PATH_TRAVERSAL
  res.sendFile(req.query.file, { root: path.join(__dirname, '..', 'attachments') });
});

router.get('/avatar', (req, res) => {
  // ok: PATH_TRAVERSAL
  res.sendFile(path.join(__dirname, '..', 'avatars', path.basename(req.query.file)));
});

// Only administrators reach this route: the log they pick is the operator's choice.
router.get('/logs', requireAdmin, (req, res) => {
  // ok: PATH_TRAVERSAL
  res.sendFile(path.join('/var/log/shop', req.query.file));
});

module.exports = router;
