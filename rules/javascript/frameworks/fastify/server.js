import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyView from '@fastify/view';
import fastifyCookie from '@fastify/cookie';
import ejs from 'ejs';
import path from 'node:path';
import { documentRoutes } from './routes/documents.js';

const app = Fastify({ logger: true });
app.register(fastifyCookie);
app.register(fastifyStatic, { root: path.join(import.meta.dirname, 'public') });
app.register(fastifyView, { engine: { ejs }, root: path.join(import.meta.dirname, 'views') });
app.register(documentRoutes, { prefix: '/documents' });

await app.listen({ port: 3000 });
