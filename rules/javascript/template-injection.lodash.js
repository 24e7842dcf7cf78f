// lodash's `template` imported by name compiles its argument as template source.
const express = require('express');
const { template } = require('lodash');

const router = express.Router();
router.use(express.json());

router.post('/preview/footer', (req, res) => {
  // ruleid: TEMPLATE_INJECTION
  const compiled = template('Dear <%= name %>, ' + req.body.footer);
  res.json({ text: compiled({ name: 'demo' }) });
});

router.post('/preview/name', (req, res) => {
  const compiled = template('Dear <%= name %>');
  // ok: TEMPLATE_INJECTION
  res.json({ text: compiled({ name: req.body.name }) });
});

module.exports = router;
