const express = require('express');
const path = require('path');
const backups = require('./backups');

// Mounted only behind `isAuthenticated(Permission.ADMIN)` (app.js): every route here is an administrator's.
const settings = express.Router();
settings.use('/backups', backups);

settings.get('/log', (req, res) => {
  // ok: PATH_TRAVERSAL
  res.sendFile(path.join('/var/log/shop', req.query.file));
});

module.exports = settings;
