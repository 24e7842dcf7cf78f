const express = require('express');
const serialize = require('node-serialize');

const router = express.Router();

router.get('/cart', (req, res) => {
  const raw = req.cookies.cart;
  // ruleid: INSECURE_DESERIALIZATION
  const cart = serialize.unserialize(Buffer.from(raw, 'base64').toString());
  res.json(cart.items);
});

router.get('/cart/v2', (req, res) => {
  // ok: INSECURE_DESERIALIZATION
  const cart = JSON.parse(Buffer.from(req.cookies.cart, 'base64').toString());
  res.json(cart.items);
});
