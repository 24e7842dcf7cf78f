const Router = require('@koa/router');
const { escape } = require('lodash');
const { badgeMarkup } = require('../lib/markup');

const router = new Router({ prefix: '/profiles' });

router.get('/search', async (ctx) => {
  // ruleid: XSS
  ctx.body = `<h1>People named ${ctx.query.name}</h1>`;
});

router.get('/search.json', async (ctx) => {
  // ok: XSS
  ctx.body = { name: ctx.query.name, people: [] };
});

router.get('/:handle', async (ctx) => {
  // ok: XSS
  ctx.body = `<h1>${escape(ctx.params.handle)}</h1>`;
});

router.get('/:handle/badge', async (ctx) => {
  ctx.type = 'html';
  // ruleid: XSS
  ctx.res.end(badgeMarkup(ctx.params.handle));
});

router.get('/:handle/card', async (ctx) => {
  ctx.state.motto = ctx.request.query.motto;
  await ctx.render('card', { handle: ctx.params.handle, title: 'Profile' });
});

router.post('/login', async (ctx) => {
  const { returnTo } = ctx.request.body;
  // ruleid: OPEN_REDIRECT
  ctx.redirect(returnTo);
});

router.get('/logout', async (ctx) => {
  // ok: OPEN_REDIRECT
  ctx.redirect('/');
});

router.get('/:handle/export', async (ctx) => {
  // ruleid: HEADER_INJECTION
  ctx.set('Content-Disposition', `attachment; filename="${ctx.params.handle}.vcf"`);
  // ok: HEADER_INJECTION
  ctx.set('X-Profile', ctx.params.handle);
  ctx.body = '';
});

router.get('/widget', async (ctx) => {
  ctx.set('Access-Control-Allow-Credentials', 'true');
  // ruleid: CORS_MISCONFIGURATION
  ctx.set('Access-Control-Allow-Origin', ctx.get('Origin'));
  ctx.body = {};
});

router.post('/remember', async (ctx) => {
  // ruleid: WEAK_RANDOM
  const token = Math.random().toString(36).substring(2);
  ctx.cookies.set('remember_token', token, { httpOnly: true });
  ctx.status = 204;
});

module.exports = router;
