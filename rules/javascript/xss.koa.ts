import Koa from 'koa';
import Router from '@koa/router';
import { escape } from 'lodash';

const app = new Koa();
const router = new Router();

router.get('/search', async (ctx) => {
  // ruleid: XSS
  ctx.body = `<h1>Results for ${ctx.query.q}</h1>`;
});

router.get('/api/search', async (ctx) => {
  // ok: XSS
  ctx.body = { query: ctx.query.q, results: [] };
});

router.get('/share/:shareId', async (ctx) => {
  const { shareId } = ctx.params;
  const head = `<link rel="sitemap" href="/api/shares.sitemap?id=${escape(shareId)}">`;
  // ok: XSS
  ctx.body = `<html><head>${head}</head></html>`;
});

// Middleware that wraps whatever a handler put in `ctx.body` (the response, not the request).
app.use(async (ctx, next) => {
  await next();
  if (ctx.status === 200) {
    // ok: XSS
    ctx.body = { data: ctx.body, ok: true };
    // ok: XSS
    ctx.set('X-Body-Type', typeof ctx.body);
  }
});

app.use(router.routes());
export default app;
