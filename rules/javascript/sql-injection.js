const express = require('express');
const db = require('./db');
const router = express.Router();

router.get('/users', async (req, res) => {
  const name = req.query.name;
  const sql = "SELECT * FROM users WHERE name = '" + name + "'";
  // ruleid: SQL_INJECTION
  const rows = await db.query(sql);
  // ok: SQL_INJECTION
  const safe = await db.query('SELECT * FROM users WHERE name = ?', [name]);
  const id = parseInt(req.params.id, 10);
  // ok: SQL_INJECTION
  await db.query(`SELECT * FROM users WHERE id = ${id}`);
  res.json({ rows, safe });
});

function byOwner(owner) {
  // ruleid: SQL_INJECTION
  return db.execute(`SELECT * FROM orders WHERE owner = '${owner}'`);
}

router.post('/orders', (req, res) => {
  const { owner } = req.body;
  byOwner(owner).then((r) => res.json(r));
});
