const express = require('express');
const multer = require('multer');
const crypto = require('node:crypto');
const fsp = require('node:fs/promises');
const path = require('node:path');

const router = express.Router();
const PUBLIC = path.join(__dirname, 'public');

const docs = multer.diskStorage({
  destination: PUBLIC,
  filename(req, file, cb) {
    // ruleid: UNSAFE_FILE_UPLOAD
    cb(null, Date.now() + '-' + file.originalname);
  },
});

const attachments = multer.diskStorage({
  destination: PUBLIC,
  filename: (req, file, cb) => {
    const name = file.originalname;
    // ruleid: UNSAFE_FILE_UPLOAD
    cb(null, name);
  },
});

const images = multer.diskStorage({
  destination: PUBLIC,
  filename(req, file, cb) {
    // ok: UNSAFE_FILE_UPLOAD
    cb(null, `${crypto.randomUUID()}.png`);
  },
});

router.put('/raw/:name', express.raw({ type: '*/*' }), async (req, res) => {
  // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
  await fsp.writeFile(path.join(PUBLIC, req.params.name), req.body);
  // ok: UNSAFE_FILE_UPLOAD
  await fsp.writeFile(path.join(PUBLIC, `${crypto.randomUUID()}.bin`), req.body);
  res.status(201).end();
});

// express-fileupload: `req.files.<field>` has the client's `name` and an `mv(path)` method.
router.post('/documents', (req, res) => {
  const doc = req.files.document;
  const target = PUBLIC + '/uploads/' + doc.name;
  // ruleid: UNSAFE_FILE_UPLOAD
  doc.mv(target, (err) => (err ? res.status(500).end() : res.status(201).end()));
});

router.post('/avatars', async (req, res) => {
  // ruleid: UNSAFE_FILE_UPLOAD
  await req.files.avatar.mv(`${PUBLIC}/avatars/${req.files.avatar.name}`);
  // ok: UNSAFE_FILE_UPLOAD
  await req.files.avatar.mv(path.join(PUBLIC, 'avatars', `${crypto.randomUUID()}.png`));
  res.status(201).end();
});

module.exports = { router, docs: multer({ storage: docs }), attachments: multer({ storage: attachments }), images: multer({ storage: images }) };
