// JavaScript/TypeScript sources reached in the shapes real handlers use, with the
// built-in rules: destructuring the request object (Express, Koa) and `location`,
// Next.js page props — and the file hints that decide which files are analysed
// on their own must let each of these files through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles } from '../../src/engine/index.ts';

async function found(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { jobs: 1, cacheDir: null });
  return findings.map((f) => `${f.file}:${f.line} ${f.type}`).sort();
}

const sql = (name: string) => `  await db.query("SELECT * FROM u WHERE n = '" + ${name} + "'");\n`;

test('names destructured from a request object are the request data they name', async () => {
  assert.deepEqual(
    await found({
      'express.js': `app.get('/u', async (req, res) => {\n  const { query, app } = req;\n${sql('query.name')}${sql('app.name')}});\n`,
      'koa.js': `router.get('/u', async (ctx) => {\n  const { query: q } = ctx;\n${sql('q.name')}});\n`,
      'koa-body.js': `router.post('/u', async (ctx) => {\n  const { body } = ctx.request;\n${sql('body.name')}});\n`,
    }),
    ['express.js:3 SQL_INJECTION', 'koa-body.js:3 SQL_INJECTION', 'koa.js:3 SQL_INJECTION'],
  );
});

test('browser and Next.js sources in files without a request object are analysed', async () => {
  assert.deepEqual(
    await found({
      'view.js': `function show() {\n  const { hash } = window.location;\n  document.getElementById('x').innerHTML = decodeURIComponent(hash);\n}\n`,
      'app/page.tsx': `import { redirect } from 'next/navigation';\nexport default function Page({ searchParams }: { searchParams: { next: string } }) {\n  redirect(searchParams.next);\n}\n`,
    }),
    ['app/page.tsx:3 OPEN_REDIRECT', 'view.js:3 XSS'],
  );
});

test('a Next.js page whose props are typed, not destructured, is analysed', async () => {
  assert.deepEqual(
    await found({
      'app/go/[to]/page.tsx': `import { redirect } from 'next/navigation';\nexport default function Page(props: { params: { to: string } }) {\n  redirect(props.params.to);\n}\n`,
    }),
    ['app/go/[to]/page.tsx:3 OPEN_REDIRECT'],
  );
});

test('request objects are sources in server code only, the page URL and messages in browser code only', async () => {
  const innerHtml = (name: string) => `  document.getElementById('out').innerHTML = ${name};\n`;
  assert.deepEqual(
    await found({
      // A queue processor on the server: its event's data comes from the application's own queue.
      'server/processor.js': `import { Queue } from 'bullmq';\nimport fs from 'fs';\nexport async function perform(event) {\n  fs.writeFileSync(event.data, 'x');\n}\n`,
      // A React component building a request for its API: that request is not input to this code.
      'client/Search.jsx': `import React from 'react';\nexport function show(request) {\n${innerHtml('request.query.q')}}\n`,
      // A browser page reading its own URL's query: that is input.
      'client/page.js': `import React from 'react';\nexport function render() {\n${innerHtml('location.search')}}\n`,
    }),
    ['client/page.js:3 XSS'],
  );
});

test("a route handler's or server callback's parameters are the request and response whatever they are called", async () => {
  assert.deepEqual(
    await found({
      'routes.js': `const express = require('express');\nconst router = express.Router();\nrouter.get('/hello', (incoming, out) => {\n  out.send('<p>' + incoming.query.name + '</p>');\n});\n`,
      'server.js': `const http = require('http');\nfunction handle(incoming, out) {\n  out.setHeader('Location', incoming.headers.referer);\n  out.end('<p>' + new URL(incoming.url, 'http://x').searchParams.get('q') + '</p>');\n}\nhttp.createServer(handle).listen(8080);\n`,
    }),
    ['routes.js:4 XSS', 'server.js:3 OPEN_REDIRECT', 'server.js:4 XSS'],
  );
});

test('a record found by the request (find) is the store\'s data; an element found in the request\'s own array is the request\'s', async () => {
  assert.deepEqual(
    await found({
      'links.js': [
        "const query = require('../queries');",
        "app.get('/:id', async (req, res) => {",
        '  const link = await query.link.find({ address: req.params.id });',
        '  res.redirect(link.target);',
        '});',
        "app.post('/go', (req, res) => {",
        '  const primary = req.body.links.find((l) => l.primary);',
        '  res.redirect(primary.url);',
        '});',
        '',
      ].join('\n'),
    }),
    ['links.js:8 OPEN_REDIRECT'],
  );
});
