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

// An upload's client file name (multer's `req.file`/`req.files`, express-fileupload's `req.files`): a cross-site form
// can submit any name (its file input filled from a DataTransfer), and a page echoing it runs what it holds.
router.post('/import', (req, res) => {
  const files = req.files['document'];
  const file = files[0];
  // ruleid: XSS
  res.end(`<p>Imported '${file.originalname}'</p>`);
});

router.post('/import/one', (req, res) => {
  // ruleid: XSS
  res.send('<p>Received ' + req.file.originalname + '</p>');
});

router.post('/import/size', (req, res) => {
  // ok: XSS
  res.send(`<p>Received ${req.files.length} files</p>`);
});

module.exports = router;
