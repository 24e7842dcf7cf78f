const express = require('express');
const libxmljs = require('libxmljs2');
const fs = require('node:fs');

const router = express.Router();
router.use(express.text({ type: 'application/xml' }));

router.post('/orders/import', (req, res) => {
  // ruleid: XXE
  const doc = libxmljs.parseXml(req.body, { noent: true });
  res.json({ orders: doc.find('//order').length });
});

router.post('/orders/import/v2', (req, res) => {
  // ok: XXE
  const doc = libxmljs.parseXml(req.body, { nonet: true });
  res.json({ orders: doc.find('//order').length });
});

// ok: XXE
const defaults = libxmljs.parseXml(fs.readFileSync('/etc/shop/defaults.xml', 'utf8'), { noent: true });

module.exports = { router, defaults };
