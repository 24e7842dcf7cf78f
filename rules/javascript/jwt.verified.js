// Decoding first only to find the user whose secret signs the token, verified before it is trusted.
const express = require('express');
const jwt = require('jsonwebtoken');
const { User } = require('./models');

const SECRET = process.env.JWT_SECRET;
const router = express.Router();

async function userForToken(token) {
  // ok: JWT_MISCONFIGURATION
  const payload = jwt.decode(token);
  if (!payload) throw new Error('invalid token');
  const user = await User.findByPk(payload.id);
  jwt.verify(token, user.jwtSecret, { algorithms: ['HS256'] });
  return user;
}

function legacyUser(token) {
  // ruleid: JWT_MISCONFIGURATION
  return jwt.verify(token, SECRET, { algorithms: ['HS256', 'none'] }).sub;
}

router.get('/me', async (req, res) => {
  const user = await userForToken(req.get('authorization'));
  res.json({ id: user.id, legacy: legacyUser(req.query.token) });
});

module.exports = router;
