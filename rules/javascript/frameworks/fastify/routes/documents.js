import path from 'node:path';
import { titleBanner, storagePath } from '../lib/documents.js';

export async function documentRoutes(fastify) {
  fastify.get('/search', async (request, reply) => {
    // A string reply is text/plain unless the handler sets another type.
    // ok: XSS
    return reply.send(`Results for ${request.query.q}`);
  });

  fastify.get('/preview', async (request, reply) => {
    // ruleid: XSS
    return reply.type('text/html').send(titleBanner(request.query.title));
  });

  fastify.route({
    method: 'GET',
    url: '/:id/summary',
    handler: async (request, reply) => {
      reply.header('Content-Type', 'text/html; charset=utf-8');
      // ruleid: XSS
      return reply.send(`<h1>Summary of ${request.params.id}</h1>`);
    },
  });

  fastify.route({
    method: 'GET',
    url: '/:id/page',
    handler: async (request, reply) => reply.view('document.ejs', { id: request.params.id, note: request.query.note }),
  });

  fastify.route({
    method: 'GET',
    url: '/:id/download',
    handler: async (request, reply) => {
      // ruleid: PATH_TRAVERSAL
      return reply.sendFile(storagePath(request.params.id));
    },
  });

  fastify.route({
    method: 'GET',
    url: '/static',
    handler: async (request, reply) => {
      // ok: PATH_TRAVERSAL
      return reply.sendFile(path.basename(request.query.name));
    },
  });

  fastify.route({
    method: 'GET',
    url: '/open',
    handler: async (request, reply) => {
      // ruleid: OPEN_REDIRECT
      return reply.redirect(request.query.url);
    },
  });

  fastify.route({
    method: 'GET',
    url: '/home',
    handler: async (request, reply) => {
      // ok: OPEN_REDIRECT
      return reply.redirect(`/documents/${request.query.id}`);
    },
  });

  fastify.route({
    method: 'POST',
    url: '/moved',
    handler: async (request, reply) => {
      // ruleid: OPEN_REDIRECT
      reply.header('Location', request.body.target);
      return reply.code(302).send();
    },
  });

  fastify.route({
    method: 'GET',
    url: '/:id/raw',
    handler: async (request, reply) => {
      // ruleid: HEADER_INJECTION
      reply.header('Content-Type', request.query.type);
      // ok: HEADER_INJECTION
      reply.header('Content-Type', encodeURIComponent(request.query.type));
      return reply.send('');
    },
  });

  fastify.route({
    method: 'OPTIONS',
    url: '/shared',
    handler: async (request, reply) => {
      reply.header('Access-Control-Allow-Credentials', 'true');
      // ruleid: CORS_MISCONFIGURATION
      reply.header('Access-Control-Allow-Origin', request.headers.origin);
      return reply.send();
    },
  });

  fastify.route({
    method: 'POST',
    url: '/share-link',
    handler: async (request, reply) => {
      // ruleid: WEAK_RANDOM
      const shareToken = Math.random().toString(36).slice(2);
      reply.setCookie('share_token', shareToken, { httpOnly: true, secure: true });
      return reply.send({ ok: true });
    },
  });
}
