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

// A job record of the code's own keeps the body as its parameters; a copy into a fresh object binds nothing.
const { Job, prisma, rest } = require('../models');

router.post('/jobs/:name', async (req, res) => {
  const params = Object.assign({}, req.body);
  // ok: MASS_ASSIGNMENT
  const job = await Job.create({ name: req.params.name, status: 'queued', params });
  // ok: MASS_ASSIGNMENT
  await rest.create(req.config, req.auth, 'Job', req.body);
  // ruleid: MASS_ASSIGNMENT
  await prisma.job.create({ data: req.body });
  res.status(202).json({ id: job.id });
});
