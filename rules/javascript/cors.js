const express = require('express');
const cors = require('cors');

const app = express();
const ALLOWED = new Set(['https://shop.example.com']);

// ruleid: CORS_MISCONFIGURATION
app.use(cors({ origin: true, credentials: true }));
// ok: CORS_MISCONFIGURATION
app.use('/public', cors({ origin: '*' }));
// ruleid: CORS_MISCONFIGURATION
app.use('/v1', cors({ origin: '*', credentials: true }));

app.get('/me', (req, res) => {
  // ruleid: CORS_MISCONFIGURATION
  res.set('Access-Control-Allow-Origin', req.get('origin'));
  res.set('Access-Control-Allow-Credentials', 'true');
  res.json({});
});

app.get('/me/v2', (req, res) => {
  const origin = req.get('origin');
  if (ALLOWED.has(origin)) {
    // ok: CORS_MISCONFIGURATION
    res.set('Access-Control-Allow-Origin', origin);
  }
  res.json({});
});

// An API authenticated by a token header, not cookies: echoing the Origin without credentials
// lets other sites read only what they could read anyway.
function graphQLContext({ req, res }) {
  // ok: CORS_MISCONFIGURATION
  res.set('access-control-allow-origin', req.get('origin') || '*');
  return { sessionToken: req.get('x-session-token') };
}

app.get('/graphql', (req, res) => res.json(graphQLContext({ req, res })));
