const express = require('express');
const axios = require('axios');
const { config, isURLAllowed } = require('./upload-config');

const router = express.Router();
const ALLOWED = new Set(['images.example.com']);

router.get('/preview', async (req, res) => {
  // ruleid: SSRF
  const page = await axios.get(req.query.url);
  res.json({ title: page.data.slice(0, 80) });
});

router.get('/avatar/:user', async (req, res) => {
  // ok: SSRF
  const r = await fetch(`https://avatars.example.com/u/${encodeURIComponent(req.params.user)}`);
  res.type('image/png').send(Buffer.from(await r.arrayBuffer()));
});

router.post('/webhook-test', async (req, res) => {
  const hook = { target: req.body.target };
  // ruleid: SSRF
  await fetch(hook.target, { method: 'POST' });
  res.end();
});

router.get('/image', async (req, res) => {
  const url = new URL(String(req.query.src));
  if (url.protocol !== 'https:' || !ALLOWED.has(url.hostname)) return res.status(400).end();
  // ok: SSRF
  const r = await axios.get(url.href, { maxRedirects: 0 });
  res.send(r.data);
});

class PartnerClient {
  constructor(httpService) {
    this.httpService = httpService;
  }

  ping(req) {
    // ruleid: SSRF
    return this.httpService.get(`${req.query.partner}/ping`);
  }
}

module.exports = { router, PartnerClient };

const API_BASE = process.env.API_BASE;

router.get('/users/:id/profile', async (req, res) => {
  // ok: SSRF
  const r = await fetch(`${API_BASE}/users/${req.params.id}`);
  // ruleid: SSRF
  const s = await fetch(`${API_BASE}${req.query.path}`);
  res.json({ a: r.ok, b: s.ok });
});

// Options objects: the destination is fixed, the request data only travels in the body.
const request = require('request-promise');

router.post('/receipts/verify', async (req, res) => {
  // ok: SSRF
  const verdict = await request({ url: 'https://buy.itunes.apple.com/verifyReceipt', method: 'POST', json: true, body: { 'receipt-data': req.body.receipt } });
  // ruleid: SSRF
  const echo = await request({ url: req.body.callback, method: 'POST', json: true, body: verdict });
  res.json({ verdict, echo });
});

// In the browser, fetch is the visitor's own request from the visitor's machine: a page URL, referrer or cookie
// that chooses it reaches nothing the visitor could not reach, so it is no server-side request forgery.
function loadPanel() {
  const panel = document.getElementById('panel');
  const target = new URLSearchParams(window.location.search).get('src') || document.cookie.split('next=')[1];
  // ok: SSRF
  return fetch(target, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.text()).then((t) => { panel.textContent = t; });
}

// A URL fetched only once an allow-list predicate of the configuration accepted it.
router.get('/paste', async (req, res) => {
  const src = String(req.query.src);
  if (config.pasteAllowList && isURLAllowed(src, config.pasteAllowList)) {
    // ok: SSRF
    const upstream = await fetch(src, { redirect: 'manual' });
    return res.send(await upstream.text());
  }
  // ruleid: SSRF
  const direct = await fetch(src);
  res.send(await direct.text());
});

// The configured metrics service by host and port: the request only picks a path there.
const metricsApp = express();
metricsApp.get('/metrics/:series', async (req, res) => {
  // ok: SSRF
  const r = await fetch(`http://${config.metricsHost}:${config.metricsPort}/series/${req.params.series}`);
  res.json(await r.json());
});
metricsApp.get('/probe', async (req, res) => {
  // ruleid: SSRF
  const r = await fetch(`http://${req.query.host}:${config.metricsPort}/health`);
  res.json({ up: r.ok });
});
