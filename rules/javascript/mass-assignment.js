const express = require('express');
const _ = require('lodash');
const Product = require('../models/product');

const router = express.Router();
router.use(express.json());

router.post('/products', async (req, res) => {
  // ruleid: MASS_ASSIGNMENT
  const product = await Product.create(req.body);
  res.status(201).json({ id: product.id });
});

router.patch('/products/:id', async (req, res) => {
  const changes = _.pick(req.body, ['title', 'description']);
  // ok: MASS_ASSIGNMENT
  await Product.updateOne({ _id: req.params.id }, { $set: changes });
  // ruleid: MASS_ASSIGNMENT
  await Product.updateOne({ _id: req.params.id }, { $set: { ...req.body, updatedAt: new Date() } });
  res.status(204).end();
});

router.post('/products/:id/reviews', async (req, res) => {
  // ok: MASS_ASSIGNMENT
  const review = new Product.Review({ text: req.body.text, stars: Number(req.body.stars), product: req.params.id });
  await review.save();
  res.status(201).end();
});

router.post('/webhooks/verify', (req, res) => {
  // ok: MASS_ASSIGNMENT
  const digest = require('node:crypto').createHash('sha256').update(req.body).digest('hex');
  res.json({ digest });
});
