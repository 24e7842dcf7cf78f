// Express with jsonwebtoken and express-jwt: where the signing key comes from.
const express = require('express');
const fs = require('fs');
const jwt = require('jsonwebtoken');
const { expressjwt } = require('express-jwt');

// ruleid: HARDCODED_SECRET
const SESSION_SIGNING_SECRET = 'secret';
// ruleid: HARDCODED_SECRET
const refreshSecret = process.env.REFRESH_SECRET || 'refresh-me-later';
// ok: HARDCODED_SECRET
const accessSecret = process.env.ACCESS_TOKEN_SECRET;
// ok: HARDCODED_SECRET
const secretVariableName = 'ACCESS_TOKEN_SECRET';
// ok: HARDCODED_SECRET
const publicKey = process.env.JWT_PUBLIC_KEY || fs.readFileSync('keys/jwt.pub', 'utf8');
// ok: HARDCODED_SECRET
const tokenIssuer = 'https://auth.example.com';

const app = express();

// ruleid: HARDCODED_SECRET
app.use('/api', expressjwt({ secret: 'shhhhh', algorithms: ['HS256'] }));
// ok: HARDCODED_SECRET
app.use('/partner', expressjwt({ secret: accessSecret, algorithms: ['HS256'] }));

app.post('/login', (req, res) => {
  const claims = { sub: req.body.user };
  res.json({
    // ruleid: HARDCODED_SECRET
    token: jwt.sign(claims, 'keyboard cat', { expiresIn: '1h', issuer: tokenIssuer }),
    // ruleid: HARDCODED_SECRET
    legacy: jwt.sign(claims, process.env.LEGACY_JWT_SECRET || 'legacy'),
    // ok: HARDCODED_SECRET
    access: jwt.sign(claims, accessSecret, { expiresIn: '15m' }),
    refresh: jwt.sign(claims, refreshSecret),
    session: jwt.sign(claims, SESSION_SIGNING_SECRET),
  });
});

app.get('/me', (req, res) => {
  // ok: HARDCODED_SECRET
  const claims = jwt.verify(req.get('authorization'), publicKey, { algorithms: ['RS256'] });
  res.json(claims);
});

module.exports = app;
