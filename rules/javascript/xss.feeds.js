// Status badges and feeds of a monitoring service: documents written by libraries that escape.
const express = require('express');
const { makeBadge } = require('badge-maker');
const { Feed } = require('feed');

const renderer = require('./renderer');

const router = express.Router();

router.get('/badge/:id/status', (req, res) => {
  const { label = 'status', color = 'green' } = req.query;
  // badge-maker escapes every text and attribute of the SVG it writes.
  const svg = makeBadge({ label, message: 'up', color });
  res.type('image/svg+xml');
  // ok: XSS
  res.send(svg);
});

router.get('/badge/:id/raw', (req, res) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>${req.query.label}</text></svg>`;
  res.type('image/svg+xml');
  // ruleid: XSS
  res.send(svg);
});

router.get('/status/:slug/rss', (req, res) => {
  const feed = new Feed({ title: `${req.params.slug} status`, link: req.originalUrl });
  feed.addItem({ title: req.query.q, link: req.originalUrl, date: new Date() });
  res.type('application/rss+xml');
  // ok: XSS
  res.send(feed.rss2());
});

router.get('/status/:slug/atom', (req, res) => {
  const feed = new Feed({ title: `${req.params.slug} status`, link: req.originalUrl });
  const xml = feed.atom1();
  // ok: XSS
  res.send(xml);
});

router.get('/status/:slug/page', (req, res) => {
  // Not the feed package's writer: only the method name is the same.
  const page = renderer.page(`<h1>${req.params.slug}</h1>`);
  // ruleid: XSS
  res.send(page.rss2());
});

module.exports = router;
