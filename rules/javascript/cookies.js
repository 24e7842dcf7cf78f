const express = require('express');
const session = require('express-session');

const app = express();
// ruleid: INSECURE_COOKIE
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: false } }));
// ok: INSECURE_COOKIE
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: true, httpOnly: true, sameSite: 'lax' } }));

app.post('/login', (req, res) => {
  // ruleid: INSECURE_COOKIE
  res.cookie('auth_token', 'abc', { httpOnly: true });
  // ruleid: INSECURE_COOKIE
  res.cookie('session', 'abc');
  // ok: INSECURE_COOKIE
  res.cookie('session', 'abc', { secure: true, httpOnly: true });
  // ok: INSECURE_COOKIE
  res.cookie('lang', 'de', { maxAge: 3600000 });
  // The page to return to after signing in: a path, not a credential.
  // ok: INSECURE_COOKIE
  res.cookie('loginRedirect', req.path, { maxAge: 15 * 60 * 1000 });
  // ruleid: INSECURE_COOKIE
  res.cookie('login_token', token, { maxAge: 15 * 60 * 1000 });
  // Secure where the deployment serves HTTPS, plain HTTP in development: the setting decides, as for the session
  // middleware's cookie options.
  // ok: INSECURE_COOKIE
  res.cookie('token', token, { httpOnly: true, secure: process.env.NODE_ENV === 'production' });
  // ok: INSECURE_COOKIE
  res.cookie('token', token, { maxAge: 7 * 24 * 3600 * 1000, httpOnly: true, secure: settings.isProd });
  // ruleid: INSECURE_COOKIE
  res.cookie('token', token, { httpOnly: true, secure: false });
  // ruleid: INSECURE_COOKIE
  res.cookie('token', token, { httpOnly: false, secure: settings.isProd });
  res.end();
});

// Browser code: script can never set HttpOnly on a cookie it writes itself.
const { setCookie } = require('tiny-cookie');

function rememberTeams(sessions) {
  // ok: INSECURE_COOKIE
  setCookie('sessions', JSON.stringify(sessions), { domain: window.location.hostname });
}
module.exports.rememberTeams = rememberTeams;
