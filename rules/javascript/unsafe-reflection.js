const express = require('express');
const exporters = require('./exporters');

const router = express.Router();
const FORMATS = new Map([['csv', exporters.csv], ['json', exporters.json]]);

router.get('/export/:format', async (req, res) => {
  // ruleid: UNSAFE_REFLECTION
  res.json(await exporters[req.params.format](req.query));
});

router.get('/export/v2/:format', async (req, res) => {
  const format = req.params.format;
  if (!FORMATS.has(format)) return res.status(404).end();
  // ok: UNSAFE_REFLECTION
  res.json(await exporters[format](req.query));
});

// The request path always starts with `/` (or is `*`): as a key it names only the table's own
// `/…` entries, never an inherited member such as `constructor` or `__proto__`.
const pages = { '/': (req, res) => res.send('home'), '/about': (req, res) => res.send('about') };
router.use((req, res, next) => {
  if (!pages[req.path]) return next();
  // ok: UNSAFE_REFLECTION
  return pages[req.path](req, res);
});

// With its leading slash cut off it can name `constructor`.
router.use('/actions', (req, res, next) => {
  // ruleid: UNSAFE_REFLECTION
  return exporters[req.path.slice(1)](req, res);
});
