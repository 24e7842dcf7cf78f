const express = require('express');
const vm = require('node:vm');

const router = express.Router();
const PLUGINS = new Set(['stripe', 'paypal']);

router.post('/calc', (req, res) => {
  // ruleid: CODE_INJECTION
  res.json({ value: eval(req.body.expression) });
});

router.post('/filter', (req, res) => {
  // ruleid: CODE_INJECTION
  const fn = new Function('row', 'return ' + req.body.predicate);
  res.json({ ok: fn({}) });
});

router.post('/script', (req, res) => {
  // ruleid: CODE_INJECTION
  res.json({ out: vm.runInNewContext(req.body.code, {}) });
});

router.get('/plugins/:name', (req, res) => {
  // ruleid: CODE_INJECTION
  const plugin = require('./plugins/' + req.params.name);
  res.json(plugin.info);
});

router.get('/plugins/v2/:name', (req, res) => {
  const name = req.params.name;
  if (!PLUGINS.has(name)) return res.status(404).end();
  // ok: CODE_INJECTION
  const plugin = require(`./plugins/${name}`);
  res.json(plugin.info);
});

router.post('/settings', (req, res) => {
  // ok: CODE_INJECTION
  const settings = JSON.parse(req.body.settings);
  // ok: CODE_INJECTION
  setTimeout(() => res.json(settings), 10);
});
