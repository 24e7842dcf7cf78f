const express = require('express');
const escapeHtml = require('escape-html');
const url = require('url');
const { orderSummary, orderView, publicOrder } = require('../lib/format');
const { loadCart, loadCartSafely } = require('../lib/cart');

const router = express.Router();

router.get('/search', (req, res) => {
  const term = req.query.q;
  // ruleid: XSS
  res.send(`<h1>Orders matching ${term}</h1>`);
});

router.get('/search.json', (req, res) => {
  // ok: XSS
  res.send({ term: req.query.q, results: [] });
});

router.get('/safe-search', (req, res) => {
  // ok: XSS
  res.status(200).send(`<h1>Orders matching ${escapeHtml(req.query.q)}</h1>`);
});

router.get('/:id/summary', (req, res) => {
  // The helper in lib/format.js builds markup from the route parameter.
  // ruleid: XSS
  res.send(orderSummary(req.params.id));
});

// A function of the project that returns only object literals: the body is JSON, here and across files.
function draftView(body) {
  return { draft: true, note: body.note };
}

router.post('/drafts', (req, res) => {
  // ok: XSS
  res.status(201).send(draftView(req.body));
});

router.post('/:id/view', (req, res) => {
  // ok: XSS
  res.send(orderView({ id: req.params.id, note: req.body.note }));
  // ok: XSS
  res.send(publicOrder(req.body));
});

router.get('/:id/count', (req, res) => {
  const id = parseInt(req.params.id, 10);
  // ok: XSS
  res.send(`<p>Order ${id}</p>`);
});

router.post('/checkout', (req, res) => {
  const next = req.body.next;
  // ruleid: OPEN_REDIRECT
  res.redirect(next);
});

router.get('/done', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(`/orders/${req.query.id}`);
});

router.get('/back', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(req.get('Referrer') || '/');
});

router.get('/continue', (req, res) => {
  // Node's legacy parser: the query of the request URL.
  const { returnTo } = url.parse(req.url, true).query;
  // ruleid: OPEN_REDIRECT
  res.location(returnTo);
  res.sendStatus(302);
});

router.get('/legacy', (req, res) => {
  // ruleid: OPEN_REDIRECT
  res.set('Location', req.param('target'));
  res.sendStatus(302);
});

router.get('/export', (req, res) => {
  // ruleid: HEADER_INJECTION
  res.set('Content-Disposition', `attachment; filename="${req.query.name}"`);
  // ok: HEADER_INJECTION
  res.set('Content-Disposition', `attachment; filename="${req.query.name.replace(/[^\w.-]/g, '_')}"`);
  res.json([]);
});

router.get('/embed', (req, res) => {
  res.set('Access-Control-Allow-Credentials', 'true');
  // ruleid: CORS_MISCONFIGURATION
  res.header('Access-Control-Allow-Origin', req.get('origin'));
  res.json({});
});

router.post('/session', (req, res) => {
  // ruleid: WEAK_RANDOM
  const token = Math.random().toString(36).slice(2);
  res.cookie('session_token', token, { httpOnly: true, secure: true });
  res.sendStatus(204);
});

router.get('/cart', async (req, res) => {
  const items = await loadCart(req.cookies.cart_id);
  const saved = await loadCartSafely(req.signedCookies.saved_cart);
  res.json({ items, saved });
});

router.get('/cancel', (req, res) => {
  // Back to the page the browser came from.
  // ok: OPEN_REDIRECT
  res.redirect(req.headers.referer || '/orders');
});

module.exports = router;
