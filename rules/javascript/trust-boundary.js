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

// A query builder narrowed by request data (Knex, Objection, TypeORM) answers with the database's rows.
router.post('/login/:provider', async (req, res) => {
  let query = knex('identities').select();
  query = query.where('provider', req.params.provider);
  const identity = await query.andWhere('login', String(req.body.login)).first();
  // ok: TRUST_BOUNDARY_VIOLATION
  req.session.accountRef = identity.account_ref;
  const row = await dataSource.createQueryBuilder('m').where('m.name = :n', { n: req.body.name }).getOne();
  // ok: TRUST_BOUNDARY_VIOLATION
  req.session.membership = row.level;
  // ruleid: TRUST_BOUNDARY_VIOLATION
  req.session.provider = req.params.provider;
  res.end();
});
