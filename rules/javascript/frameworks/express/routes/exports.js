const express = require('express');
const path = require('path');

// Mounted behind an admin-only middleware in app.js, but also at /public-exports with none: anyone reaches it.
const exportsRouter = express.Router();

exportsRouter.get('/file', (req, res) => {
  // ruleid: PATH_TRAVERSAL
  res.download(path.join('/var/exports', req.query.name));
});

module.exports = exportsRouter;
