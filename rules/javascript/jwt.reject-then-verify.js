// A handler that decodes the token itself, only to turn one kind away early, then hands it to a
// helper that verifies it with the user's own secret; and one whose helper never verifies.
const express = require('express');
const jwt = require('jsonwebtoken');
const { User } = require('./models');

const router = express.Router();

function tokenClaims(token) {
  if (!token) throw new Error('missing token');
  // ok: JWT_MISCONFIGURATION
  return jwt.decode(token);
}

async function verifiedOwner(token) {
  const claims = tokenClaims(token);
  const owner = await User.findByPk(claims.id);
  jwt.verify(token, owner.jwtSecret, { algorithms: ['HS256'] });
  return owner;
}

router.get('/account', async (req, res) => {
  const token = req.get('authorization');
  if (tokenClaims(token).kind === 'refresh') return res.status(400).end();
  const owner = await verifiedOwner(token);
  res.json({ id: owner.id });
});

function unverifiedClaims(token) {
  // ruleid: JWT_MISCONFIGURATION
  return jwt.decode(token);
}

async function ownerOf(token) {
  const claims = unverifiedClaims(token);
  return User.findByPk(claims.id);
}

router.get('/profile', async (req, res) => {
  const token = req.get('authorization');
  if (unverifiedClaims(token).kind === 'refresh') return res.status(400).end();
  const owner = await ownerOf(token);
  res.json({ id: owner.id });
});

module.exports = router;
