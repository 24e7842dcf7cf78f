const express = require('express');
const escapeHtml = require('escape-html');

const router = express.Router();

router.get('/greet', (req, res) => {
  const name = req.query.name || 'guest';
  // ruleid: XSS
  res.send('<h1>Hello ' + name + '</h1>');
});

router.get('/greet/v2', (req, res) => {
  // ok: XSS
  res.send(`<h1>Hello ${escapeHtml(String(req.query.name || 'guest'))}</h1>`);
});

router.get('/greet/v3', (req, res) => {
  // ok: XSS
  res.render('greet', { name: req.query.name });
});

// A download (Content-Disposition: attachment) or a body declared as plain text or JSON is not rendered as a page.
router.get('/export', (req, res) => {
  res.attachment(`${req.query.name}.csv`);
  // ok: XSS
  res.send(req.query.rows);
});

router.get('/raw', (req, res) => {
  res.type('text/plain');
  // ok: XSS
  res.send(req.query.text);
});

router.get('/raw/v2', (req, res) => {
  res.contentType('application/json');
  // ok: XSS
  res.end(req.query.payload);
});

router.get('/preview', (req, res) => {
  res.type('html');
  // ruleid: XSS
  res.send(req.query.text);
});

router.get('/echo.json', (req, res) => {
  // ok: XSS
  res.end(JSON.stringify({ q: req.query.q }));
});

function page(title) {
  return `<html><title>${title}</title></html>`;
}

router.get('/page', (req, res) => {
  // ruleid: XSS
  res.status(200).send(page(req.query.title));
});

// Browser code bundled with the shop front.
function showFlash() {
  const params = new URLSearchParams(window.location.search);
  const el = document.getElementById('flash');
  // ruleid: XSS
  el.innerHTML = '<b>' + params.get('msg') + '</b>';
  // ok: XSS
  el.textContent = params.get('msg');
}

window.addEventListener('message', (e) => {
  // ruleid: XSS
  document.getElementById('frame').insertAdjacentHTML('beforeend', e.data.html);
});

// A function declared by name and registered for the window's messages reads them.
function onWindowMessage(ev) {
  // ruleid: XSS
  document.getElementById('frame').innerHTML = ev.data.html;
}
window.addEventListener('message', onWindowMessage);

// A WebSocket's or a socket library's message is what the server sent, not another window's.
const feed = new WebSocket('wss://app.example.com/feed');
feed.onmessage = (msg) => {
  // ok: XSS
  document.getElementById('feed').innerHTML = msg.data;
};
feed.addEventListener('message', (evt) => {
  // ok: XSS
  document.getElementById('feed').insertAdjacentHTML('beforeend', evt.data);
});

module.exports = { router, showFlash };

router.get('/search.json', (req, res) => {
  // ok: XSS
  res.send({ query: req.query.q, results: [] });
});

// A getter helper from another module hands back what it reads out of its argument.
const { getDisplayName } = require('./people');

router.get('/profile/card', (req, res) => {
  // ruleid: XSS
  res.send(`<div class="card">${getDisplayName(req.query)}</div>`);
});

router.get('/export', (req, res) => {
  const wantsHtml = String(req.query.format).includes('html');
  // ok: XSS
  res.send(`<p data-html="${wantsHtml}">export ready</p>`);
  // ruleid: XSS
  res.send(`<p>${req.query.title}</p>`);
  // A header of the victim's own request: a crafted link cannot set it.
  // ok: XSS
  res.send(`<p>${req.get('x-export-title')}</p>`);
});

// A getter of stored content returns the file, not the name that picked it.
const files = require('./files');

router.get('/files/:name', async (req, res) => {
  const data = await files.getFileData(req.params.name);
  // ok: XSS
  res.end(data);
});

// lodash's numeric coercions give a number whatever they are given.
router.get('/page-count', (req, res) => {
  const page = _.toSafeInteger(req.query.page);
  // ok: XSS
  res.send(`<p>Page ${page} of ${_.toInteger(req.query.of)}</p>`);
  // ruleid: XSS
  res.send(`<p>Page ${_.toString(req.query.page)}</p>`);
});

// A value parsed as a date is a date, whatever the request sent.
router.get('/report', (req, res) => {
  // ok: XSS
  res.send('<p>Since ' + new Date(req.query.since) + '</p>');
  // ok: XSS
  res.send('<p>Until ' + DateTime.fromISO(req.query.until).toISODate() + '</p>');
  // ok: XSS
  res.send('<p>Day ' + dayjs(req.query.day) + '</p>');
  // ruleid: XSS
  res.send('<p>For ' + req.query.since + '</p>');
});

// A length is a number, whatever it measures.
router.get('/count', (req, res) => {
  const tags = req.query.tags;
  // ok: XSS
  res.send('<p>' + tags.length + ' tags</p>');
  // ruleid: XSS
  res.send('<p>' + tags + '</p>');
});
