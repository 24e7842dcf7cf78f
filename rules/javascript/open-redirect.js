const express = require('express');
const http = require('node:http');

const router = express.Router();

router.get('/login/done', (req, res) => {
  // ruleid: OPEN_REDIRECT
  res.redirect(req.query.next || '/');
});

router.get('/login/done/v2', (req, res) => {
  const next = String(req.query.next || '/');
  if (!next.startsWith('/') || next.startsWith('//')) return res.redirect('/');
  // ok: OPEN_REDIRECT
  res.redirect(next);
});

// A guard clause with a strict inequality (`!==`) ends the request when the check fails: past it the URL
// points where the check said, as with `!=` or a negated call.
function sameSiteTarget(untrusted, site) {
  try {
    const target = new URL(untrusted);
    if (target.origin !== site.origin) {
      throw new Error('unexpected origin');
    }
    return target;
  } catch {
    return site;
  }
}

router.post('/sso/return', (req, res) => {
  const site = new URL(process.env.PUBLIC_URL);
  // ok: OPEN_REDIRECT
  res.redirect(sameSiteTarget(req.body.RelayState, site).href);
});

router.get('/partner/return', (req, res) => {
  const target = new URL(String(req.query.to));
  if (target.hostname !== 'partner.example.com') return res.status(400).end();
  // ok: OPEN_REDIRECT
  res.redirect(target.href);
});

// A check of the scheme alone says nothing of the host.
router.get('/partner/return/v3', (req, res) => {
  const target = new URL(String(req.query.to));
  if (target.protocol !== 'https:') return res.status(400).end();
  // ruleid: OPEN_REDIRECT
  res.redirect(target.href);
});

// A check that does not end the request vets nothing after it.
router.get('/partner/return/v2', (req, res) => {
  const target = new URL(String(req.query.to));
  if (target.hostname !== 'partner.example.com') console.warn('redirect to another host');
  // ruleid: OPEN_REDIRECT
  res.redirect(target.href);
});

// An OAuth client builds the provider's consent URL: the request's values become its query parameters.
const { OAuth2Client } = require('google-auth-library');
const google = new OAuth2Client(process.env.GOOGLE_CLIENT_ID, process.env.GOOGLE_CLIENT_SECRET, process.env.GOOGLE_CALLBACK_URL);

router.get('/auth/google', (req, res) => {
  const authUrl = google.generateAuthUrl({ scope: String(req.query.scope), prompt: 'select_account', state: req.query.next });
  // ok: OPEN_REDIRECT
  res.redirect(authUrl);
});

// Appending to a path that starts the target (`+=`) is judged by that start, as `'/docs/' + page` is.
router.get('/docs', (req, res) => {
  let target = '/docs/';
  target += req.query.page;
  // ok: OPEN_REDIRECT
  res.redirect(target);
});

// A name for a constant path is the path: a local bound once, or a constant of the module (or one it imports).
router.get('/guide', (req, res) => {
  const base = '/guide/';
  // ok: OPEN_REDIRECT
  res.redirect(base + req.query.page);
});

const GUIDE_PATH = '/guide/';
const SITE_ROOT = '/';

router.get('/guide/shared', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(`${GUIDE_PATH}${req.query.page}`);
});

router.get('/guide/root', (req, res) => {
  // ruleid: OPEN_REDIRECT
  res.redirect(SITE_ROOT + req.query.page);
});

router.get('/guide/either', (req, res) => {
  let base = '/guide/';
  if (req.query.top) base = '';
  // ruleid: OPEN_REDIRECT
  res.redirect(base + req.query.page);
});

const LANDING_PAGES = ['/welcome', '/pricing'];

// The right side of `&&` runs only when the check on its left passed.
router.get('/landing', (req, res) => {
  // ok: OPEN_REDIRECT
  LANDING_PAGES.includes(req.query.page) && res.redirect(req.query.page);
  // ruleid: OPEN_REDIRECT
  LANDING_PAGES.includes(req.query.page) || res.redirect(req.query.page);
});

router.get('/docs/any', (req, res) => {
  let target = '/';
  target += req.query.page;
  // ruleid: OPEN_REDIRECT
  res.redirect(target);
});

http.createServer((req, res) => {
  const target = new URL(req.url, 'http://localhost').searchParams.get('to');
  // ruleid: OPEN_REDIRECT
  res.writeHead(302, { Location: target });
  res.end();
});

function goBack() {
  const back = new URLSearchParams(location.search).get('back');
  // ruleid: OPEN_REDIRECT, XSS
  window.location.href = back;
}

// A position of 0 is a passed prefix check; -1 is a failed one.
function openPaymentLink() {
  const link = new URLSearchParams(location.search).get('pay');
  if (link.indexOf('bitcoin:') === 0) {
    // ok: OPEN_REDIRECT, XSS
    window.location.href = link;
  }
  if (link.indexOf('javascript:') === -1) {
    // ruleid: OPEN_REDIRECT, XSS
    window.location.href = link;
  }
}

module.exports = { router, goBack, openPaymentLink };

router.get('/orders/:id/view', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(`/orders/${req.params.id}`);
  // ruleid: OPEN_REDIRECT
  res.redirect('/' + req.query.path);
});

// A local variable named `location` is no navigation.
function teamLinks(sessions) {
  const ref = new URLSearchParams(window.location.search).get('ref');
  return sessions.map((session) => {
    // ok: OPEN_REDIRECT, XSS
    const location = `${ref}/home`;
    return { url: session.url, location };
  });
}
module.exports.teamLinks = teamLinks;

router.post('/files/:name', async (req, res) => {
  const saved = { url: `${req.body.baseUrl}/files/${req.params.name}` };
  res.status(201);
  // ok: OPEN_REDIRECT
  res.set('Location', saved.url);
  res.json(saved);
});

// The Host header comes from the victim's own browser: a crafted link cannot change it.
router.get('/to-www', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(`https://www.${req.hostname}/`);
});

// Back to the page the browser came from: a cross-site page that links here is sent back to itself.
router.get('/back', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(req.get('referer') || '/');
});

router.post('/collections/:name/delete', (req, res) => {
  // ok: OPEN_REDIRECT
  return res.redirect(req.get('Referrer') || '/');
});

router.post('/collections/:name/rename', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(req.headers.referer ?? req.baseUrl);
});

// A target the query chooses, with the Referer only as the fallback, still is the attacker's.
router.get('/back-to', (req, res) => {
  // ruleid: OPEN_REDIRECT
  res.redirect(req.query.back || req.get('referer') || '/');
});

// The HTTPS upgrade: the Host the browser asked for, then the request's own path, which starts with `/`.
router.all('/*', (req, res, next) => {
  if (!req.secure) {
    // ok: OPEN_REDIRECT
    return res.redirect(`https://${req.hostname}${req.originalUrl}`);
  }
  if (req.query.legacy) {
    // ok: OPEN_REDIRECT
    return res.redirect('https://' + req.headers.host + req.url);
  }
  // ruleid: OPEN_REDIRECT
  res.redirect(`https://${req.hostname}${req.query.next}`);
  // ruleid: OPEN_REDIRECT
  res.redirect(`https://${req.query.host}${req.originalUrl}`);
  next();
});

// What a sign-in returns is the signed-in user's session and settings from the server's store (a landing page an
// administrator set), not the submitted credentials or the strategy's name.
router.get('/login/:strategy/callback', async (req, res) => {
  const result = await app.models.accounts.login({ strategy: req.params.strategy }, { req, res });
  if (result.redirect) {
    // ok: OPEN_REDIRECT
    return res.redirect(result.redirect);
  }
  const session = await auth.signIn(req.body.email, req.body.password);
  // ok: OPEN_REDIRECT
  res.redirect(session.user.homePage);
});

router.get('/login/:strategy/return', async (req, res) => {
  await app.models.accounts.login({ strategy: req.params.strategy }, { req, res });
  // ruleid: OPEN_REDIRECT
  res.redirect(req.query.returnTo);
});

// Back to the page the visitor came from: browsers send an http(s) address as the referrer, never a
// `javascript:` URL, so it runs no script there (where it leads is the redirect's question).
function backToReferrer() {
  // ruleid: OPEN_REDIRECT
  // ok: XSS
  window.location.href = document.referrer;
}

function backToReferrerLater() {
  const from = document.referrer || '/';
  // ruleid: OPEN_REDIRECT
  // ok: XSS
  setTimeout(() => window.location.replace(from), 500);
}

// A Meteor middleware sends the browser back to the page it came from, under the application's ROOT_URL.
const { Meteor } = require('meteor/meteor');
const { WebApp } = require('meteor/webapp');
const nodeUrl = require('node:url');

WebApp.connectHandlers.use('/_cas', (req, res) => {
  const parsed = nodeUrl.parse(req.url, true);
  const back = Meteor.absoluteUrl(parsed.href.replace(/^\//, '')).replace(/([&?])ticket=[^&]+&?/g, '$1');
  if (parsed.query.next) {
    // ruleid: OPEN_REDIRECT
    res.writeHead(302, { Location: parsed.query.next });
    return res.end();
  }
  // ok: OPEN_REDIRECT
  res.writeHead(302, { Location: back });
  res.end();
});

// Switching the page to the configured protocol and port: the page's own host, then a port, then the hash.
function switchProtocol(settings) {
  const { hostname, hash } = window.location;
  // ok: OPEN_REDIRECT
  window.location.replace(`http://${hostname}:${settings.httpPort}/${hash}`);
  // A host slot that may be empty lets the hash name the host (`https:///evil.example` is read as that host).
  // ruleid: OPEN_REDIRECT
  window.location.replace(`https://${settings.host}/${hash.slice(1)}`);
  // ruleid: OPEN_REDIRECT
  window.location.replace(`https://${hash.slice(1)}:${settings.httpPort}/`);
}

// A configured base, then a literal path segment: the request's part only fills the path, with or without a base.
router.get('/boards/:slug', (req, res) => {
  // ok: OPEN_REDIRECT
  res.redirect(`${process.env.BASE_URL}/boards/${req.params.slug}`);
  // ok: OPEN_REDIRECT
  res.redirect(process.env.BASE_URL + '/boards/' + req.params.slug);
  // With an empty base, `/` and a slug that starts with `/` make `//evil.example`.
  // ruleid: OPEN_REDIRECT
  res.redirect(`${process.env.BASE_URL}/${req.query.slug}`);
});
