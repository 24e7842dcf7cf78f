// A helper that only decodes, and the functions that call it: one verifies the token with the
// user's own secret before trusting it, the other trusts the decoded claims as they are.
const express = require('express');
const jwt = require('jsonwebtoken');
const { User } = require('./models');

const router = express.Router();

function payloadOf(token) {
  if (!token) throw new Error('missing token');
  // ok: JWT_MISCONFIGURATION
  return jwt.decode(token);
}

async function userForToken(token) {
  const payload = payloadOf(token);
  const user = await User.findByPk(payload.id);
  jwt.verify(token, user.jwtSecret, { algorithms: ['HS256'] });
  return user;
}

router.get('/me', async (req, res) => {
  const user = await userForToken(req.get('authorization'));
  res.json({ id: user.id });
});

function claimsOf(token) {
  if (!token) throw new Error('missing token');
  // ruleid: JWT_MISCONFIGURATION
  return jwt.decode(token);
}

router.get('/whoami', (req, res) => {
  const claims = claimsOf(req.get('authorization'));
  res.json({ id: claims.sub, admin: claims.admin === true });
});

module.exports = router;
