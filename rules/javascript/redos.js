const express = require('express');

const router = express.Router();

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

router.get('/products', (req, res) => {
  // ruleid: REDOS
  const re = new RegExp(req.query.pattern);
  // ok: REDOS
  const literal = new RegExp(escapeRegExp(String(req.query.term)), 'i');
  res.json({ a: re.source, b: literal.source });
});

router.post('/signup', (req, res) => {
  // ruleid: REDOS
  const validEmail = /^([a-z0-9]+\.?)+@example\.com$/.test(req.body.email);
  // ok: REDOS
  const validName = /^[a-z0-9_]{3,20}$/.test(req.body.name);
  res.json({ validEmail, validName });
});

router.post('/checkout', (req, res) => {
  const mailFormat = /^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}[a-z]{2,3}$/;
  const zipFormat = /^[0-9]{5}(-[0-9]{4})?$/;
  // ruleid: REDOS
  if (!mailFormat.test(req.body.mail)) return res.status(400).end();
  // ok: REDOS
  if (!zipFormat.test(req.body.zip)) return res.status(400).end();
  // ruleid: REDOS
  const parts = String(req.body.name).match(/^(\w+\s?)*$/) && req.body.name.match(mailFormat);
  // ok: REDOS
  const known = mailFormat.test('orders@example.com');
  res.json({ parts, known });
});

router.get('/scopes', (req, res) => {
  // ok: REDOS
  const valid = /^[\w@-]+(?:\/[\w-]+)+$/.test(String(req.query.scope));
  res.json({ valid });
});

// The escaper's shape, not its name, makes it one.
function quoteForPattern(text) {
  return String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

router.get('/tags', (req, res) => {
  // ok: REDOS
  const matcher = new RegExp(`^${quoteForPattern(req.query.prefix)}`, 'i');
  res.json({ source: matcher.source });
});

// The whole pattern one repeated group: nothing after it can fail, so no iteration is given back.
router.post('/paste', (req, res) => {
  const html = String(req.body.html);
  // ok: REDOS
  const meta = /^(\s*<meta [^>]*>)*/.exec(html);
  const breakOnce = /(?:\r\n?|\n)+/;
  // ok: REDOS
  const first = breakOnce.exec(req.body.text);
  // ok: REDOS
  const runs = req.body.text.match(/(\s*-+)+/);
  // ruleid: REDOS
  const closed = /^(\s*-+)+$/.test(html);
  // ruleid: REDOS
  const listed = req.body.text.match(/(\s*-+)+,/);
  res.json({ meta, first, runs, closed, listed });
});

// A repeated group whose every iteration must hold a character its neighbours cannot match
// (a sign the separators never take) splits any text one way only: nothing to backtrack into.
router.post('/schedule', (req, res) => {
  // ok: REDOS
  const relative = /^[-+]\d+[hms]([\s;]+[-+]\d+[hms])*$/.test(String(req.body.offsets));
  // ok: REDOS
  const folder = /^([\w-]+\/)+$/i.test(String(req.body.folder));
  // ruleid: REDOS
  const spaced = /^(\d+[hms]?\s*)*$/.test(String(req.body.offsets));
  // Unanchored, the same judgement from each start: a version's dotted parts split one way only.
  // ok: REDOS
  const dotted = /v(\d+\.)+\d+/.test(String(req.body.version));
  // ruleid: REDOS
  const hosts = /@([\w-]+\.?)+com/.test(String(req.body.mail));
  res.json({ relative, folder, spaced, dotted, hosts });
});

// The same judgement for a literal kept in a variable or passed to `match`.
router.post('/schedule/check', (req, res) => {
  const offsetList = /^[-+]\d+[hms]([\s;]+[-+]\d+[hms])*$/;
  const looseList = /^(\d+[hms]?\s*)*$/;
  // ok: REDOS
  const relative = offsetList.test(req.body.offsets);
  // ok: REDOS
  const folders = String(req.body.folder).match(/^([\w-]+\/)+$/);
  // ruleid: REDOS
  const loose = looseList.test(req.body.offsets);
  res.json({ relative, folders, loose });
});

// A group whose only quantifier is a fixed count matches text of one length each time round: a text
// splits into its iterations one way. A varying quantifier beside the count can split it two ways.
router.post('/palette', (req, res) => {
  const swatch = String(req.body.swatch);
  // ok: REDOS
  const rgb = /#?([0-9a-f]{2}){3}/i.test(swatch);
  const pairCode = /(?:[A-Z]{2})+-\d/;
  // ok: REDOS
  const coded = pairCode.test(swatch);
  // ruleid: REDOS
  const words = /^([a-z]{2}[a-z]*)+$/.test(swatch);
  res.json({ rgb, coded, words });
});
