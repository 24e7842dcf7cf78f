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

// An event or message object of the code's own holding the body as one field sets none of the model's fields.
class SettingUpdatedEvent {
  constructor({ data, auditUser }) {
    this.type = 'setting-updated';
    this.data = data;
    this.createdBy = auditUser;
  }
}
const { User, eventBus } = require('../models');

router.put('/settings/maintenance', async (req, res) => {
  // ok: MASS_ASSIGNMENT
  eventBus.publish(new SettingUpdatedEvent({ data: req.body, auditUser: req.user.name }));
  // ruleid: MASS_ASSIGNMENT
  const user = new User({ ...req.body, updatedBy: req.user.id });
  await user.save();
  res.status(204).end();
});

// A Joi schema rejects keys it does not declare (and stripUnknown drops them): the validated value holds
// only the schema's fields. Yup keeps unknown keys by default.
const Joi = require('joi');
const yup = require('yup');
const tagSchema = Joi.object({ type: Joi.string().required(), value: Joi.string().max(50) });
const noteSchema = yup.object({ text: yup.string().required() });

router.post('/tags', async (req, res) => {
  const tag = await tagSchema.validateAsync(req.body);
  // ok: MASS_ASSIGNMENT
  await Product.Tag.create(tag);
  // ok: MASS_ASSIGNMENT
  await Product.Tag.create(Joi.attempt(req.body, tagSchema));
  const note = await noteSchema.validate(req.body);
  // ruleid: MASS_ASSIGNMENT
  await Product.Note.create(note);
  res.status(201).end();
});

// Zod's object schemas strip the keys they do not declare.
const { z } = require('zod');
const noteInput = z.object({ text: z.string().min(1) });

router.post('/notes', async (req, res) => {
  // ok: MASS_ASSIGNMENT
  await Product.Note.create(noteInput.parse(req.body));
  // ok: MASS_ASSIGNMENT
  await Product.Note.create(await z.object({ text: z.string() }).parseAsync(req.body));
  res.status(201).end();
});

// The code's own service or store layer is followed into: the write it makes, if any, is the sink.
class NoteService {
  constructor(notes) {
    this.notes = notes;
  }

  async create(input, actor) {
    // ruleid: MASS_ASSIGNMENT
    return this.notes.create({ ...input, createdBy: actor });
  }
}
const noteService = new NoteService(Product.Note);

router.post('/notebook', async (req, res) => {
  // ok: MASS_ASSIGNMENT
  const note = await noteService.create(req.body, req.user.id);
  res.status(201).json({ id: note.id });
});

// Any class of the code's own without a base class (an importer, a builder) is followed the same way, whatever it is
// called: its method is not an ORM's `create`. A model class that extends an ORM base still is.
class BoardImporter {
  constructor(options) {
    this.options = options;
  }

  async create(board) {
    // ruleid: MASS_ASSIGNMENT
    const created = await Product.Board.create({ ...board, ownerId: this.options.ownerId });
    return created.id;
  }
}

router.post('/boards/import', async (req, res) => {
  const importer = new BoardImporter({ ownerId: req.user.id });
  // ok: MASS_ASSIGNMENT
  const id = await importer.create(req.body);
  res.status(201).json({ id });
});

const { Model } = require('sequelize');

class Comment extends Model {}

router.post('/comments', async (req, res) => {
  // ruleid: MASS_ASSIGNMENT
  const comment = await Comment.create(req.body);
  res.status(201).json({ id: comment.id });
});

// A protocol-buffers message decoded from the raw body (google-protobuf's `deserializeBinary`) holds only the
// fields its schema declares, read through generated getters: a scalar field opens a file, a timestamp goes into
// a tree. Neither is the body's own set of keys.
const ReplicaProto = require('../proto/replica_pb');
const Journal = require('../models/journal');

router.post('/replicate', express.raw({ type: 'application/octet-stream' }), async (req, res) => {
  const batch = ReplicaProto.PushBatch.deserializeBinary(req.body);
  // ok: MASS_ASSIGNMENT
  const journal = new Journal(`${process.env.DATA_DIR}/journal-${batch.getStreamid()}.db`);
  for (const entry of batch.getEntriesList()) {
    // ok: MASS_ASSIGNMENT
    journal.index.insert(entry.getStamp());
  }
  res.send('ok');
});

router.post('/replicate-json', async (req, res) => {
  // ruleid: MASS_ASSIGNMENT
  const journal = new Journal(req.body);
  res.json({ id: journal.id });
});
