const express = require('express');
const User = require('../models/user');

const router = express.Router();

router.post('/signup', async (req, res) => {
  const user = new User({ email: String(req.body.email) });
  await user.save();
  // ok: TRUST_BOUNDARY_VIOLATION
  req.session.userId = user.id;
  // ruleid: TRUST_BOUNDARY_VIOLATION
  req.session.isAdmin = req.body.isAdmin;
  // One level into the session: its own keys, not Object.prototype.
  // ruleid: TRUST_BOUNDARY_VIOLATION
  req.session[req.body.key] = req.body.value;
  res.status(201).end();
});
