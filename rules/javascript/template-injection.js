const express = require('express');
const ejs = require('ejs');
const Handlebars = require('handlebars');
const _ = require('lodash');
const { mailTemplates } = require('./store');

const router = express.Router();
router.use(express.json());

router.post('/preview', (req, res) => {
  // ruleid: TEMPLATE_INJECTION
  res.json({ html: ejs.render(req.body.source, { user: 'demo' }) });
});

router.post('/preview/hbs', (req, res) => {
  const tpl = { source: req.body.source };
  // ruleid: TEMPLATE_INJECTION
  const render = Handlebars.compile(tpl.source);
  res.json({ html: render({ user: 'demo' }) });
});

router.post('/preview/lodash', (req, res) => {
  // ruleid: TEMPLATE_INJECTION
  const compiled = _.template('Dear <%= name %>, ' + req.body.footer);
  res.json({ text: compiled({ name: 'demo' }) });
});

router.post('/greeting', (req, res) => {
  // ok: TEMPLATE_INJECTION
  res.json({ html: ejs.render('<p>Hello <%= name %></p>', { name: req.body.name }) });
});

// A compiled template called with data: the data is the render context, not template source.
async function sendTicketMail(ticket) {
  const stored = await mailTemplates.findOne({ type: 'ticket_created' });
  var template = Handlebars.compile(stored.html);
  // ok: TEMPLATE_INJECTION
  var html = template({ id: ticket.id, title: ticket.title });
  return html;
}

router.post('/tickets', async (req, res) => {
  res.json({ html: await sendTicketMail(req.body) });
});
