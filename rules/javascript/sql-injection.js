const express = require('express');
const db = require('./db');
const knex = require('./knex');
const _ = require('lodash');
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
  // ok: SQL_INJECTION
  await db.query('SELECT * FROM users WHERE name = ' + db.escape(name));
  // ruleid: SQL_INJECTION
  await db.query("SELECT * FROM users WHERE name = '" + _.escape(name) + "'");
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

const SORTS = ['name', 'created_at'];

router.get('/products', async (req, res) => {
  const sort = SORTS.includes(req.query.sort) ? req.query.sort : 'name';
  // ok: SQL_INJECTION
  const rows = await db.query(`SELECT * FROM products ORDER BY ${sort}`);
  const dir = req.query.dir;
  // ruleid: SQL_INJECTION
  const more = await knex('products').orderByRaw(`price ${dir}`);
  // ok: SQL_INJECTION
  const byName = await knex('products').where({ name: req.query.name });
  res.json({ rows, more, byName });
});

function byStatusQuery(status) {
  return { text: 'SELECT * FROM refunds WHERE status = $1', values: [status] };
}

function byRegionQuery(region) {
  return { text: `SELECT * FROM refunds WHERE region = '${region}'`, values: [] };
}

router.get('/refunds', async (req, res) => {
  // ok: SQL_INJECTION
  const a = await db.query(byStatusQuery(req.query.status));
  // ruleid: SQL_INJECTION
  const b = await db.query(byRegionQuery(req.query.region));
  res.json({ a, b });
});

router.get('/kv/:key', async (req, res) => {
  // ok: SQL_INJECTION
  const cached = await db.get(req.params.key);
  // ruleid: SQL_INJECTION
  const row = await db.get(`SELECT * FROM settings WHERE key = '${req.params.key}'`);
  res.json({ cached, row });
});

// Each case starts from the value before the switch: the cast in one case does not clean another's.
router.get('/rows/:mode', async (req, res) => {
  let value = req.query.value;
  switch (req.params.mode) {
    case 'id':
      value = Number(value);
      break;
    case 'name':
      // ruleid: SQL_INJECTION
      await db.query(`SELECT * FROM rows WHERE name = '${value}'`);
      break;
    default:
      value = Number(value);
  }
  // The "name" case breaks out with the value as it was.
  // ruleid: SQL_INJECTION
  const rows = await db.query(`SELECT * FROM rows WHERE id = ${value}`);
  res.json(rows);
});

router.get('/ids/:mode', async (req, res) => {
  let id = req.query.id;
  switch (req.params.mode) {
    case 'int':
      id = parseInt(id, 10);
      break;
    default:
      id = Number(id);
  }
  // ok: SQL_INJECTION
  res.json(await db.query(`SELECT * FROM rows WHERE id = ${id}`));
});
