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
