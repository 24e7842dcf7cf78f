const express = require('express');
const { ObjectId } = require('mongodb');
const Customer = require('../models/customer');

const router = express.Router();

router.post('/login', async (req, res) => {
  // ruleid: NOSQL_INJECTION
  const customer = await Customer.findOne({ email: req.body.email, password: req.body.password });
  res.json({ ok: !!customer });
});

router.post('/login/v2', async (req, res) => {
  const email = String(req.body.email);
  // ok: NOSQL_INJECTION
  const customer = await Customer.findOne({ email, active: true });
  res.json({ ok: !!customer });
});

router.get('/customers/:id', async (req, res) => {
  // ok: NOSQL_INJECTION
  const customer = await Customer.findOne({ _id: new ObjectId(req.params.id) });
  res.json(customer);
});

router.get('/customers', async (req, res) => {
  const where = JSON.parse(req.query.filter || '{}');
  // ruleid: NOSQL_INJECTION
  const list = await req.app.locals.db.collection('customers').find(where).toArray();
  // ok: NOSQL_INJECTION
  const tagged = await req.app.locals.db.collection('customers').find({ tag: { $eq: req.query.tag } }).toArray();
  // ok: NOSQL_INJECTION
  const first = list.find((c) => c.tag === req.query.tag);
  res.json({ list, tagged, first });
});

router.get('/customers/by-city', async (req, res) => {
  // ruleid: NOSQL_INJECTION
  const list = await Customer.find({ $where: `this.city == '${req.query.city}'` });
  res.json(list);
});

// Key-value stores and SQL ORMs share method names with MongoDB.
const Redis = require('ioredis');
const { Team } = require('../models/sequelize');

const redis = new Redis();

router.get('/posts/:pid/seen', async (req, res) => {
  // ok: NOSQL_INJECTION
  const seen = await redis.exists(`post:${req.query.pid}:seen`);
  // ok: NOSQL_INJECTION
  const team = await Team.findOne({ where: { domain: req.query.domain } });
  res.json({ seen, team });
});

// What an insert or a single-record read gives back is the store's: the new `_id`, a stored record.
const { Boards, Cards, Users } = require('../models/collections');
const { Accounts } = require('meteor/accounts-base');

router.post('/boards/:boardId/cards', async (req, res) => {
  const cardId = await Cards.insertAsync({ title: req.body.title, boardId: req.params.boardId });
  // ok: NOSQL_INJECTION
  const card = await Cards.findOne(cardId);
  // ok: NOSQL_INJECTION
  const boards = await Boards.find({ members: req.body.member.toString() }).fetchAsync();
  // ruleid: NOSQL_INJECTION
  const parent = await Cards.findOne({ _id: req.body.parentId });
  res.json({ card, boards, parent });
});

router.get('/export', async (req, res) => {
  // ok: NOSQL_INJECTION
  const user = await Users.findOne({ 'services.resume.loginTokens.hashedToken': Accounts._hashLoginToken(req.query.authToken) });
  res.json({ user: user && user.username });
});

// A SOAP-style endpoint: the account name is the text of an element of the posted XML.
const libxmljs = require('libxmljs');

router.post('/soap/profile', express.text({ type: 'text/xml' }), async (req, res) => {
  const doc = libxmljs.parseXml(req.body);
  const nameNode = doc.get('//account');
  // A node's text is a string whatever the document held: no operator object.
  // ok: NOSQL_INJECTION
  const byText = await Customer.findOne({ email: nameNode.text() });
  // ruleid: NOSQL_INJECTION
  const byBody = await Customer.findOne({ email: req.body.account });
  res.json({ byText, byBody });
});
