const Joi = require('joi');
const { notePath, saveNote } = require('../lib/notes');

module.exports = [
  {
    method: 'GET',
    path: '/notes/search',
    handler: (request, h) => {
      // A string response is text/html in hapi.
      // ruleid: XSS
      return h.response(`<h1>Notes about ${request.query.topic}</h1>`);
    },
  },
  {
    method: 'GET',
    path: '/notes/search.json',
    handler: (request, h) => {
      // ok: XSS
      return h.response({ topic: request.query.topic, notes: [] });
    },
  },
  {
    method: 'GET',
    path: '/notes/{id}',
    handler: (request, h) => {
      // ruleid: PATH_TRAVERSAL
      return h.file(notePath(request.params.id), { confine: false });
    },
  },
  {
    method: 'GET',
    path: '/notes/{id}/raw',
    handler: (request, h) => {
      // inert confines the file to the route's directory by default.
      // ok: PATH_TRAVERSAL
      return h.file(`notes/${request.params.id}.md`);
    },
  },
  {
    method: 'POST',
    path: '/notes',
    options: { validate: { payload: Joi.object({ title: Joi.string(), body: Joi.string(), next: Joi.string() }) } },
    handler: async (request, h) => {
      await saveNote(request.payload.title, request.payload.body);
      // ruleid: OPEN_REDIRECT
      return h.redirect(request.payload.next);
    },
  },
  {
    method: 'GET',
    path: '/notes/home',
    handler: (request, h) => {
      // ok: OPEN_REDIRECT
      return h.redirect('/notes');
    },
  },
  {
    method: 'GET',
    path: '/notes/{id}/page',
    handler: (request, h) => h.view('note', { id: request.params.id, excerpt: request.query.excerpt }),
  },
];
