// Sources that are attacker-controlled only where they are what their name says, and
// sinks that need a particular argument shape: a local named like a request object is
// whatever it was given (an outbound call's response is no request); request objects
// are sources in server code and the page URL or window messages in browser code;
// a query filter is injectable only when untrusted data sits in an object literal.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { ruleFields } from '../helpers/test-rules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'scanner-sides-'));
after(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'sides.yaml'),
  `rules:
${ruleFields('sides.sink', '[javascript, typescript, python]', 'FLOW_TEST', 20)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^(req|request|ctx\\.request)\\.(body|query|params)\\b|^(req|request)\\.json\\(\\)$|^request\\.(GET|POST)\\b'
          in: server
        - path: '^(window\\.)?location\\.(hash|search)$|^(event|e)\\.data$'
          in: browser
      sinks:
        - callee: '(^|\\.)(runQuery|run_query)$'
${ruleFields('sides.filter', '[javascript, typescript, python]', 'FLOW_FILTER', 943)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^(req|request)\\.(body|query)\\b|^request\\.(GET|POST)\\b'
      sinks:
        - callee: '\\.(findOne|find_one|exists)$'
          args: [0]
          inObject: true
`,
);
const rules = loadRuleSet([dir]);

async function found(files: Record<string, string>, type = 'FLOW_TEST'): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === type).map((f) => `${f.file}:${f.line}`).sort();
}

test('a local named like the request is what it was given: an outbound response or a client library is no request', async () => {
  const code = [
    "const request = require('request');",
    'export async function sync(app, ctx) {',
    '  const req = await fetch(app.webhookUrl);',
    '  const payload = await req.json();',
    '  runQuery(payload.name);',
    '  runQuery(request.query);',
    '  const incoming = ctx.request;',
    '  runQuery(incoming.body.name);',
    '}',
  ].join('\n');
  assert.deepEqual(await found({ 'server/sync.js': code }), ['server/sync.js:8']);
});

test('Python: a loop variable named `request` is an element of what it loops over', async () => {
  const code = ['def replay(request, queued):', '    run_query(request.GET["q"])', '    for request in queued:', '        run_query(request.POST["q"])'].join('\n');
  assert.deepEqual(await found({ 'app/views.py': code }), ['app/views.py:2']);
});

test('request objects are sources in server code, the page URL and window messages in browser code', async () => {
  // A React component's `request` is its HTTP client's; a job queue's `event.data` is the server's own.
  const component = [
    "import { useEffect } from 'react';",
    'export function Search({ request }) {',
    '  useEffect(() => runQuery(request.query), []);',
    '  runQuery(location.hash);',
    '}',
  ].join('\n');
  const processor = ['export default class Processor {', '  perform(event) {', '    runQuery(event.data);', '  }', '}'].join('\n');
  const route = ["import Router from 'koa-router';", 'const router = new Router();', "router.post('/x', (ctx) => runQuery(ctx.request.body.q));"].join('\n');
  // A file that says nothing of its side (a shared helper) gets every source.
  const shared = ['export function both(req, e) {', '  runQuery(req.body);', '  runQuery(e.data);', '}'].join('\n');
  assert.deepEqual(await found({ 'app/components/Search.jsx': component, 'server/queues/Processor.ts': processor, 'src/x/route.js': route, 'shared/util.js': shared }), [
    'app/components/Search.jsx:4',
    'shared/util.js:2',
    'shared/util.js:3',
    'src/x/route.js:3',
  ]);
});

test("a `'use client'` directive makes a file browser code whatever its folder", async () => {
  const code = ["'use client';", 'export function Form(req) {', '  runQuery(req.body);', '  runQuery(window.location.search);', '}'].join('\n');
  assert.deepEqual(await found({ 'app/api/form.js': code }), ['app/api/form.js:4']);
});

test("the directive is read after any comments, in linear time, and a commented-out one does not count", async () => {
  const handler = ['export function Form(req) {', '  runQuery(req.body);', '}'];
  // Before, each further blank-line-separated doc comment multiplied the time the directive took by about 4.
  const docs = '/** A documented helper. */\n\n'.repeat(40);
  const client = [docs + "// header\n/* licence */\n'use client';", ...handler].join('\n');
  const commented = ["// 'use client';", ...handler].join('\n');
  const started = Date.now();
  assert.deepEqual(await found({ 'server/api/client.js': client, 'server/api/form.js': commented }), ['server/api/form.js:3']);
  assert.ok(Date.now() - started < 20_000);
});

test('a filter sink needs untrusted data placed in an object literal, not text built around it', async () => {
  const code = [
    'export async function show(req, db, users) {',
    '  await db.exists(`post:${req.query.pid}`);',
    '  await users.findOne({ email: req.body.email });',
    '  const filter = { ...req.body };',
    '  await users.findOne(filter);',
    '  await users.findOne({ key: `user:${req.body.id}` });',
    '  await users.findOne(req.query.id);',
    '}',
  ].join('\n');
  assert.deepEqual(await found({ 'server/users.js': code }, 'FLOW_FILTER'), ['server/users.js:3', 'server/users.js:5']);
});

test('Python: a dict literal is a filter object too', async () => {
  const code = ['def show(request, db):', '    db.users.find_one({"email": request.POST["email"]})', '    db.users.find_one(f"user:{request.GET[\'id\']}")'].join('\n');
  assert.deepEqual(await found({ 'app/views.py': code }, 'FLOW_FILTER'), ['app/views.py:2']);
});
