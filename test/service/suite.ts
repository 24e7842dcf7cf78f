// The service test suite, run once per backend (SQLite file, PostgreSQL cluster):
// real server on loopback, real SSE client, every route, status code and event.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ApiRequestError, type ScanEvent } from '../../src/client/index.ts';
import {
  createRepository,
  ISO_UTC_MS,
  startGitHost,
  startTestService,
  VULNERABLE_JS,
  type Backend,
  type GitHost,
  type TestService,
} from './harness.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so tests see exactly what goes over the wire. */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number; abortAfter?: (text: string) => boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (options.abortAfter?.(body)) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function json(svc: TestService, method: string, path: string, body?: unknown, key = svc.key) {
  return raw(svc.api + path, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }).then((r) => ({ ...r, json: r.body ? JSON.parse(r.body) : undefined }));
}

/** Parses raw SSE text into {id, data} records (comments dropped). */
function parseSse(text: string): { id?: number; event: ScanEvent }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      let id: number | undefined;
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = Number(line.slice(4));
        if (line.startsWith('data: ')) data += line.slice(6);
      }
      return { id, event: JSON.parse(data) as ScanEvent };
    });
}

const commitBody = (files: { path: string; content: string }[] = [{ path: 'src/users.js', content: VULNERABLE_JS }]) => ({
  repository: 'acme/web',
  commit: 'abc1234',
  files,
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function defineServiceSuite(makeBackend: () => Promise<Backend>): void {
  let backend: Backend;
  let svc: TestService;
  let idle: TestService; // takes no scans: its jobs stay queued until cancelled
  let gitHost: GitHost;

  before(async () => {
    backend = await makeBackend();
    gitHost = await startGitHost();
    createRepository(gitHost.root, 'acme/webapp');
    svc = await startTestService(await backend.freshStore(), { githubUrl: gitHost.url, scanConcurrency: 2, keepAliveMs: 300 });
    idle = await startTestService(await backend.freshStore(), { githubUrl: gitHost.url, scanConcurrency: 0 });
  });

  after(async () => {
    await svc?.close();
    await idle?.close();
    await gitHost?.stop();
    await backend?.stop();
  });

  describe('public routes', () => {
    it('GET /health reports database and queue without a key', async () => {
      const r = await raw(`${svc.api}/health`);
      assert.equal(r.status, 200);
      const body = JSON.parse(r.body);
      assert.equal(body.success, true);
      assert.equal(body.data.database.ok, true);
      assert.equal(body.data.database.dialect, backend.name);
      assert.equal(body.data.queue.ok, true);
    });

    it('GET /openapi.json is an OpenAPI 3.1 document of every route', async () => {
      const r = await raw(`${svc.api}/openapi.json`);
      assert.equal(r.status, 200);
      const doc = JSON.parse(r.body);
      assert.equal(doc.openapi, '3.1.0');
      for (const p of ['/github', '/commit', '/jobs/{jobId}', '/github/{scanId}/events', '/commit/{jobId}/events', '/jobs', '/jobs/{jobId}/cancel', '/usage', '/health']) {
        assert.ok(doc.paths[p], `missing ${p}`);
      }
      const commit = doc.paths['/commit'].post.requestBody.content['application/json'].schema;
      assert.deepEqual(commit.required.sort(), ['files', 'repository']);
      assert.equal(commit.additionalProperties, false);
    });

    it('the OpenAPI document gives every error status, the SSE event schema, every finding field and examples', async () => {
      const doc = JSON.parse((await raw(`${svc.api}/openapi.json`)).body);
      for (const [route, methods] of Object.entries(doc.paths) as [string, Record<string, any>][]) {
        for (const [method, operation] of Object.entries(methods)) {
          for (const status of ['414', '429', '431', '500']) assert.ok(operation.responses[status], `${method} ${route}: ${status}`);
          if (operation.requestBody) for (const status of ['400', '413', '415']) assert.ok(operation.responses[status], `${method} ${route}: ${status}`);
        }
      }
      assert.deepEqual(doc.paths['/commit'].post.responses['415'].content['application/json'].schema, { $ref: '#/components/schemas/Error' });
      assert.deepEqual(doc.components.schemas.Error.required, ['success', 'error']);
      for (const route of ['/github/{scanId}/events', '/commit/{jobId}/events']) {
        assert.deepEqual(doc.paths[route].get.responses['200'].content['text/event-stream'].schema, { $ref: '#/components/schemas/ScanEvent' });
      }
      const event = doc.components.schemas.ScanEvent;
      assert.deepEqual(event.properties.type.enum, ['connected', 'progress', 'vulnerability', 'completed', 'failed', 'error']);
      assert.ok(event.properties.data.properties.jobStatus && event.properties.timestamp);
      const findings = doc.paths['/jobs/{jobId}'].get.responses['200'].content['application/json'].schema.properties.data.properties.findings.items;
      const finding = findings.$ref ? doc.components.schemas[findings.$ref.split('/').pop()] : findings;
      for (const field of ['id', 'type', 'severity', 'file', 'line', 'column', 'endLine', 'cwe', 'ruleId', 'title', 'message', 'snippet', 'remediation', 'references', 'trace', 'commit', 'author', 'date', 'dismissal']) {
        assert.ok(finding.properties[field], `finding field ${field}`);
      }
      assert.equal(doc.paths['/commit'].post.requestBody.content['application/json'].example.files[0].path, 'app.js');
      assert.equal(doc.paths['/github'].post.requestBody.content['application/json'].example.repository, 'owner/name');
    });

    it('unknown routes are 404 in the error envelope', async () => {
      const r = await json(svc, 'GET', '/nope');
      assert.equal(r.status, 404);
      assert.equal(r.json.success, false);
      assert.equal(r.json.error.code, 'NOT_FOUND');
    });
  });

  describe('authentication', () => {
    const routes: [string, string][] = [
      ['POST', '/commit'],
      ['POST', '/github'],
      ['GET', '/jobs'],
      ['GET', '/jobs/00000000-0000-4000-8000-000000000000'],
      ['POST', '/jobs/00000000-0000-4000-8000-000000000000/cancel'],
      ['GET', '/usage'],
      ['GET', '/commit/00000000-0000-4000-8000-000000000000/events'],
      ['GET', '/github/00000000-0000-4000-8000-000000000000/events'],
    ];
    it('every keyed route answers 401 without, with an empty, unknown, 10 kB or revoked key', async () => {
      const account = await svc.server.core.store.accounts.create('revoked', 'free');
      const revoked = await svc.server.core.store.keys.create(account.id, 'old');
      await svc.server.core.store.keys.revoke(revoked.info.id);
      const keys: (string | undefined)[] = [undefined, '', 'scn_unknown', 'k'.repeat(10_240), revoked.key];
      for (const [method, path] of routes) {
        for (const key of keys) {
          const r = await raw(svc.api + path, {
            method,
            headers: { ...(key === undefined ? {} : { 'x-api-key': key }), 'content-type': 'application/json' },
            body: method === 'POST' ? JSON.stringify(commitBody()) : undefined,
          });
          assert.equal(r.status, 401, `${method} ${path} with key ${key?.slice(0, 12)}`);
          const body = JSON.parse(r.body);
          assert.equal(body.success, false);
          assert.equal(body.error.code, 'UNAUTHORIZED');
        }
      }
    });

    it('records when a key was last used', async () => {
      const store = svc.server.core.store;
      const account = await store.accounts.create('touch', 'free');
      const { info, key } = await store.keys.create(account.id, 'touch');
      assert.equal((await store.keys.list(account.id))[0].lastUsedAt, null);
      await json(svc, 'GET', '/usage', undefined, key);
      await waitFor('last_used_at', async () => (await store.keys.list(account.id))[0].lastUsedAt);
      assert.equal((await store.keys.list(account.id))[0].id, info.id);
    });
  });

  describe('commit scans', () => {
    it('POST /commit → SSE connected, progress, vulnerability, completed; job billed with findings', async () => {
      const started = await svc.client.startCommitScan(commitBody());
      assert.equal(started.success, true);
      assert.match(started.jobId, /^[0-9a-f-]{36}$/);
      assert.equal(started.data.jobId, started.jobId);
      assert.equal(started.data.status, 'queued');
      assert.equal(started.data.eventsUrl, `/api/v1/commit/${started.jobId}/events`);

      const stream = await raw(`${svc.api}/commit/${started.jobId}/events`, { headers: { 'x-api-key': svc.key } });
      assert.equal(stream.status, 200);
      assert.match(String(stream.headers['content-type']), /^text\/event-stream/);
      const events = parseSse(stream.body);
      assert.equal(events[0].event.type, 'connected');
      assert.equal(events[0].id, undefined);
      assert.equal(typeof events[0].event.data.message, 'string');
      assert.equal(typeof events[0].event.data.jobStatus, 'string');
      assert.equal(typeof events[0].event.data.progress, 'number');
      const types = events.map((e) => e.event.type);
      assert.ok(types.includes('progress'));
      assert.equal(types.at(-1), 'completed');
      for (const { event } of events) {
        assert.equal(event.jobId, started.jobId);
        assert.equal('scanId' in event, false);
        assert.match(event.timestamp, ISO_UTC_MS);
      }
      const ids = events.filter((e) => e.id !== undefined).map((e) => e.id!);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
      assert.equal(new Set(ids).size, ids.length);
      const vulns = events.filter((e) => e.event.type === 'vulnerability').map((e) => e.event.data);
      assert.ok(vulns.length >= 1, 'the SQL injection is reported');
      const sqli = vulns.find((v) => v.type === 'SQL_INJECTION');
      assert.ok(sqli);
      assert.match(String(sqli.id), /^vuln_/);
      assert.equal(sqli.file, 'src/users.js');
      assert.equal(typeof sqli.line, 'number');
      for (const field of ['severity', 'column', 'endLine', 'cwe', 'ruleId', 'title', 'message', 'snippet', 'remediation', 'references']) {
        assert.ok(field in sqli, `vulnerability has ${field}`);
      }

      const job = await svc.client.getJob(started.jobId);
      assert.equal(job.status, 'completed');
      assert.equal(job.kind, 'commit');
      assert.equal(job.billed, true);
      assert.equal(job.progress, 100);
      assert.equal(job.commit, 'abc1234');
      assert.equal(job.repository, 'acme/web');
      assert.deepEqual(job.findings.map((f) => f.id), vulns.map((v) => v.id));
      assert.equal(job.summary?.filesScanned, 1);
      assert.ok(job.createdAt && job.startedAt && job.finishedAt);
    });

    it('a late client gets the whole story; Last-Event-ID replays only what was missed', async () => {
      const started = await svc.client.startCommitScan(commitBody());
      const first = await svc.client.collectEvents('commit', started.jobId);
      const late = await svc.client.collectEvents('commit', started.jobId);
      assert.equal(late[0].type, 'connected');
      assert.equal(late[0].data.jobStatus, 'completed');
      const strip = (events: ScanEvent[]) => events.filter((e) => e.type !== 'connected').map((e) => ({ id: e.id, type: e.type, data: e.data }));
      assert.deepEqual(strip(late), strip(first));
      const middle = first.filter((e) => e.id !== undefined)[1].id!;
      const resumed = await svc.client.collectEvents('commit', started.jobId, { lastEventId: middle });
      assert.deepEqual(strip(resumed), strip(first).filter((e) => e.id! > middle));
    });

    it('many clients on one job all get every event', async () => {
      const started = await svc.client.startCommitScan(commitBody());
      const streams = await Promise.all(Array.from({ length: 25 }, () => svc.client.collectEvents('commit', started.jobId)));
      const reference = streams[0].filter((e) => e.type !== 'connected').map((e) => e.id);
      assert.equal(streams[0].at(-1)?.type, 'completed');
      for (const events of streams) assert.deepEqual(events.filter((e) => e.type !== 'connected').map((e) => e.id), reference);
    });

    it('the stream sends keep-alive comments while a job waits', async () => {
      const started = await idle.client.startCommitScan(commitBody());
      const r = await raw(`${idle.api}/commit/${started.jobId}/events`, {
        headers: { 'x-api-key': idle.key },
        abortAfter: (text) => text.includes(': keep-alive'),
        timeoutMs: 20_000,
      });
      assert.ok(r.body.startsWith('data: '));
      assert.equal(parseSse(r.body)[0].event.data.jobStatus, 'queued');
      await idle.client.cancelJob(started.jobId);
    });
  });

  describe('unknown and foreign jobs', () => {
    it('SSE on an unknown, foreign or wrong-kind id sends one error event and closes', async () => {
      const other = await svc.newKey();
      const mine = await svc.client.startCommitScan(commitBody());
      const cases = [
        ['commit', '00000000-0000-4000-8000-000000000000', svc.key],
        ['commit', 'not-a-uuid', svc.key],
        ['github', mine.jobId, svc.key],
        ['commit', mine.jobId, other],
      ];
      for (const [kind, id, key] of cases) {
        const r = await raw(`${svc.api}/${kind}/${id}/events`, { headers: { 'x-api-key': key } });
        assert.equal(r.status, 200);
        const events = parseSse(r.body);
        assert.equal(events.length, 1, `${kind} ${id}`);
        assert.equal(events[0].event.type, 'error');
        assert.equal(typeof events[0].event.data.message, 'string');
        assert.equal(typeof events[0].event.data.error, 'string');
        assert.match(events[0].event.timestamp, ISO_UTC_MS);
      }
    });

    it("another account's job is 404 on GET and cancel, never 403", async () => {
      const mine = await svc.client.startCommitScan(commitBody());
      const other = await svc.newKey();
      for (const [method, path] of [
        ['GET', `/jobs/${mine.jobId}`],
        ['POST', `/jobs/${mine.jobId}/cancel`],
        ['GET', '/jobs/00000000-0000-4000-8000-000000000000'],
        ['GET', '/jobs/not-a-uuid'],
      ]) {
        const r = await json(svc, method, path, undefined, other);
        assert.equal(r.status, 404, path);
        assert.equal(r.json.error.code, 'NOT_FOUND');
      }
      const list = await svc.clientFor(other).listJobs();
      assert.equal(list.jobs.length, 0);
    });
  });

  describe('bad input', () => {
    const badRequests: [string, string | Buffer, number, string?][] = [
      ['malformed JSON', '{"repository": "x", "files": [', 400, 'body'],
      ['a JSON array', '[]', 400, 'body'],
      ['wrong types', JSON.stringify({ repository: 42, files: [] }), 400, 'body.repository'],
      ['unknown field', JSON.stringify({ ...commitBody(), extra: true }), 400, 'body.extra'],
      ['no files', JSON.stringify({ repository: 'x', files: [] }), 400, 'body.files'],
      ['.. in a path', JSON.stringify(commitBody([{ path: 'src/../../etc/passwd', content: 'x' }])), 400, 'body.files[0].path'],
      ['absolute path', JSON.stringify(commitBody([{ path: '/etc/passwd', content: 'x' }])), 400, 'body.files[0].path'],
      ['drive letter', JSON.stringify(commitBody([{ path: 'C:\\x.js', content: 'x' }])), 400, 'body.files[0].path'],
      ['NUL in a path', JSON.stringify(commitBody([{ path: 'a\u0000.js', content: 'x' }])), 400, 'body.files[0].path'],
      ['lone surrogate', '{"repository":"x","files":[{"path":"a.js","content":"\\ud800"}]}', 400, 'body.files[0].content'],
      ['non-UTF-8 bytes', Buffer.concat([Buffer.from('{"repository":"x","files":[{"path":"a.js","content":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]), 400, 'body'],
      ['duplicate paths', JSON.stringify(commitBody([{ path: 'a.js', content: '1' }, { path: 'a.js', content: '2' }])), 400, 'body.files[1].path'],
      ['huge body', JSON.stringify(commitBody([{ path: 'a.js', content: 'x'.repeat(2 * 1024 * 1024) }])), 413],
      ['content over the plan', JSON.stringify(commitBody([{ path: 'a.js', content: 'x'.repeat(300 * 1024) }])), 413, 'body.files'],
      ['too many files', JSON.stringify(commitBody(Array.from({ length: 51 }, (_, i) => ({ path: `f${i}.js`, content: '' })))), 413, 'body.files'],
    ];
    for (const [name, body, status, field] of badRequests) {
      it(`POST /commit with ${name} → ${status}${field ? ` naming ${field}` : ''}, nothing stored`, async () => {
        const key = await svc.newKey();
        const r = await raw(`${svc.api}/commit`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
        assert.equal(r.status, status, r.body);
        const parsed = JSON.parse(r.body);
        assert.equal(parsed.success, false);
        assert.match(parsed.error.code, /^[A-Z_]+$/);
        if (field) {
          assert.equal(parsed.error.field, field);
          assert.ok(parsed.error.message.includes(field), parsed.error.message);
        }
        assert.equal((await svc.clientFor(key).listJobs()).jobs.length, 0);
      });
    }

    const badGithub: [string, unknown, string][] = [
      ['shell characters in the repository', { repository: 'acme/web;rm -rf /' }, 'body.repository'],
      ['command substitution', { repository: '$(touch /tmp/x)/y' }, 'body.repository'],
      ['a URL to another host', { repository: 'https://evil.example/acme/web' }, 'body.repository'],
      ['a file URL', { repository: 'file:///etc' }, 'body.repository'],
      ['traversal', { repository: '../etc' }, 'body.repository'],
      ['an option-looking ref', { repository: 'acme/webapp', ref: '--upload-pack=touch /tmp/x' }, 'body.ref'],
      ['history not a boolean', { repository: 'acme/webapp', history: 'yes' }, 'body.history'],
      ['an unknown field', { repository: 'acme/webapp', branch: 'main' }, 'body.branch'],
    ];
    for (const [name, body, field] of badGithub) {
      it(`POST /github with ${name} → 400 naming ${field}`, async () => {
        const key = await svc.newKey();
        const r = await json(svc, 'POST', '/github', body, key);
        assert.equal(r.status, 400, r.body);
        assert.equal(r.json.error.field, field);
        assert.equal((await svc.clientFor(key).listJobs()).jobs.length, 0);
      });
    }

    it('wrong query types are 400 naming the parameter, and the server is unharmed', async () => {
      const r = await json(svc, 'GET', '/jobs?limit=abc');
      assert.equal(r.status, 400);
      assert.equal(r.json.error.field, 'querystring.limit');
      const s = await json(svc, 'GET', '/jobs?status=done');
      assert.equal(s.status, 400);
      assert.equal(s.json.error.field, 'querystring.status');
      assert.equal((await raw(`${svc.api}/health`)).status, 200);
    });
  });

  describe('jobs, cancel and usage', () => {
    it('GET /jobs lists the caller’s jobs newest first with status filter and cursor', async () => {
      const key = await svc.newKey();
      const client = svc.clientFor(key);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { jobId } = await client.startCommitScan(commitBody());
        ids.push(jobId);
        await client.collectEvents('commit', jobId);
      }
      const page1 = await client.listJobs({ limit: 2 });
      assert.deepEqual(page1.jobs.map((j) => j.jobId), [ids[2], ids[1]]);
      assert.ok(page1.nextCursor);
      const page2 = await client.listJobs({ limit: 2, cursor: page1.nextCursor! });
      assert.deepEqual(page2.jobs.map((j) => j.jobId), [ids[0]]);
      assert.equal(page2.nextCursor, null);
      assert.equal((await client.listJobs({ status: 'completed' })).jobs.length, 3);
      assert.equal((await client.listJobs({ status: 'failed' })).jobs.length, 0);
    });

    it('findings page with limit and cursor', async () => {
      const files = Array.from({ length: 3 }, (_, i) => ({ path: `src/r${i}.js`, content: VULNERABLE_JS }));
      const { jobId } = await svc.client.startCommitScan(commitBody(files));
      await svc.client.collectEvents('commit', jobId);
      const all = (await svc.client.getJob(jobId)).findings;
      assert.ok(all.length >= 3);
      const first = await svc.client.getJob(jobId, { limit: 1 });
      assert.equal(first.findings.length, 1);
      assert.ok(first.nextCursor);
      assert.deepEqual(await svc.client.getAllFindings(jobId), all);
      const bad = await json(svc, 'GET', `/jobs/${jobId}?cursor=xyz`);
      assert.equal(bad.status, 400);
    });

    it('cancel: 200, a failed event saying not billed, then 409; usage records it unbilled', async () => {
      const key = await idle.newKey();
      const client = idle.clientFor(key);
      const { jobId } = await client.startCommitScan(commitBody());
      const cancelled = await client.cancelJob(jobId);
      assert.deepEqual(cancelled, { jobId, status: 'cancelled' });
      const events = await client.collectEvents('commit', jobId);
      const last = events.at(-1)!;
      assert.equal(last.type, 'failed');
      assert.match(String(last.data.message), /not billed/);
      const again = await json(idle, 'POST', `/jobs/${jobId}/cancel`, undefined, key);
      assert.equal(again.status, 409);
      assert.equal(again.json.error.code, 'JOB_ALREADY_FINISHED');
      const job = await client.getJob(jobId);
      assert.equal(job.status, 'cancelled');
      assert.equal(job.billed, false);
      const usage = await client.usage();
      assert.equal(usage.scans.billed, 0);
      assert.equal(usage.scans.unbilled, 1);
      assert.equal(usage.records[0].outcome, 'cancelled');
    });

    it('GET /usage pages its records (limit, cursor) and reports any period', async () => {
      const key = await svc.newKey();
      const client = svc.clientFor(key);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { jobId } = await client.startCommitScan(commitBody());
        ids.push(jobId);
        await client.collectEvents('commit', jobId);
      }
      const page1 = await client.usage({ limit: 2 });
      assert.equal(page1.records.length, 2);
      assert.ok(page1.nextCursor);
      assert.equal(page1.scans.billed, 3, 'totals are the whole period, whatever the page');
      const page2 = await client.usage({ limit: 2, cursor: page1.nextCursor! });
      assert.equal(page2.records.length, 1);
      assert.equal(page2.nextCursor, null);
      assert.deepEqual([...page1.records, ...page2.records].map((r) => r.jobId).sort(), [...ids].sort());
      const all = await client.usage();
      assert.equal(all.records.length, 3);
      assert.equal(all.nextCursor, null);
      const past = await client.usage({ period: '2001-02' });
      assert.deepEqual([past.period.id, past.scans.billed, past.records.length], ['2001-02', 0, 0]);
      assert.equal(past.period.start, '2001-02-01T00:00:00.000Z');
      for (const query of ['cursor=xyz', `period=2001-02&cursor=${page1.nextCursor}`, 'period=2026-13', 'limit=0']) {
        const bad = await json(svc, 'GET', `/usage?${query}`, undefined, key);
        assert.equal(bad.status, 400, query);
        assert.equal(bad.json.success, false);
      }
    });

    it('a repository label is stored without the credentials of its URL', async () => {
      const key = await svc.newKey();
      const client = svc.clientFor(key);
      const { jobId } = await client.startCommitScan({ ...commitBody(), repository: 'https://ci:ghp_notARealTokenForTheTest000000000000000@git.example.test/acme/app.git' });
      await client.collectEvents('commit', jobId);
      assert.equal((await client.getJob(jobId)).repository, 'https://git.example.test/acme/app.git');
      assert.doesNotMatch(JSON.stringify(await client.listJobs()), /ghp_notARealToken/);
    });

    it('job ids are UUIDs: accepted in upper case, answered in the stored form', async () => {
      const key = await svc.newKey();
      const client = svc.clientFor(key);
      const { jobId } = await client.startCommitScan(commitBody());
      await client.collectEvents('commit', jobId);
      const upper = jobId.toUpperCase();
      assert.notEqual(upper, jobId);
      const job = await json(svc, 'GET', `/jobs/${upper}`, undefined, key);
      assert.equal(job.status, 200, JSON.stringify(job.json));
      assert.equal(job.json.data.jobId, jobId);
      const events = await client.collectEvents('commit', upper);
      assert.equal(events.at(-1)!.type, 'completed');
      assert.ok(events.every((e) => e.jobId === jobId));
      const cancel = await json(svc, 'POST', `/jobs/${upper}/cancel`, undefined, key);
      assert.equal(cancel.status, 409, 'found, and already ended');
      const other = await json(svc, 'GET', `/jobs/${upper}`, undefined, await svc.newKey());
      assert.equal(other.status, 404, 'still only for its own account');
    });

    it('GET /usage shows plan, limits, billed scans with files and lines', async () => {
      const key = await svc.newKey();
      const client = svc.clientFor(key);
      const { jobId } = await client.startCommitScan(commitBody());
      await client.collectEvents('commit', jobId);
      const usage = await client.usage();
      assert.equal(usage.plan, 'free');
      assert.equal(usage.limits.scansPerPeriod, 1000);
      assert.equal(usage.scans.billed, 1);
      assert.equal(usage.scans.unbilled, 0);
      assert.equal(usage.scans.remaining, 999);
      assert.equal(usage.filesScanned, 1);
      const job = await client.getJob(jobId);
      assert.ok(usage.linesScanned > 0);
      assert.equal(usage.linesScanned, job.summary?.linesScanned);
      assert.match(usage.period.start, ISO_UTC_MS);
    });
  });

  describe('plan limits', () => {
    it('403 SUBSCRIPTION_LIMIT_EXCEEDED once the period’s scans are used', async () => {
      const key = await svc.newKey('tiny');
      const client = svc.clientFor(key);
      for (let i = 0; i < 2; i++) {
        const { jobId } = await client.startCommitScan(commitBody([{ path: 'a.js', content: 'let a = 1;\n' }]));
        await client.collectEvents('commit', jobId);
      }
      const r = await json(svc, 'POST', '/commit', commitBody([{ path: 'a.js', content: 'let a = 1;\n' }]), key);
      assert.equal(r.status, 403);
      assert.equal(r.json.error.code, 'SUBSCRIPTION_LIMIT_EXCEEDED');
    });

    it('429 RATE_LIMITED with Retry-After and RateLimit-* headers past the plan’s rate', async () => {
      const key = await svc.newKey('tiny');
      let last: Awaited<ReturnType<typeof json>> | undefined;
      for (let i = 0; i < 6; i++) last = await json(svc, 'GET', '/usage', undefined, key);
      assert.equal(last!.status, 429);
      assert.equal(last!.json.error.code, 'RATE_LIMITED');
      assert.ok(Number(last!.headers['retry-after']) > 0);
      assert.equal(last!.headers['ratelimit-limit'], '5');
      assert.equal(last!.headers['ratelimit-remaining'], '0');
      assert.ok(Number(last!.headers['ratelimit-reset']) > 0);
      const ok = await json(svc, 'GET', '/usage');
      assert.equal(ok.status, 200, 'other accounts are not affected');
      assert.ok(ok.headers['ratelimit-limit']);
    });

    it('429 RATE_LIMITED past the plan’s concurrent scans', async () => {
      const key = await idle.newKey('tiny');
      const client = idle.clientFor(key);
      const { jobId } = await client.startCommitScan(commitBody([{ path: 'a.js', content: 'let a = 1;\n' }]));
      const r = await json(idle, 'POST', '/commit', commitBody([{ path: 'b.js', content: 'let b = 1;\n' }]), key);
      assert.equal(r.status, 429);
      assert.equal(r.json.error.code, 'RATE_LIMITED');
      assert.ok(r.headers['retry-after']);
      await client.cancelJob(jobId);
    });
  });

  describe('GitHub scans', () => {
    it('POST /github clones over HTTP, streams findings from the tree and the history, completes billed', async () => {
      const started = await svc.client.startGithubScan({ repository: 'acme/webapp' });
      assert.equal(started.scanId, started.jobId);
      assert.equal(started.data.scanId, started.jobId);
      assert.equal(started.data.eventsUrl, `/api/v1/github/${started.jobId}/events`);
      const events = await svc.client.collectEvents('github', started.jobId);
      for (const event of events) {
        assert.equal(event.scanId, started.jobId);
        assert.equal('jobId' in event, false);
      }
      const last = events.at(-1)!;
      assert.equal(last.type, 'completed', JSON.stringify(last.data));
      const vulns = events.filter((e) => e.type === 'vulnerability').map((e) => e.data);
      assert.ok(vulns.some((v) => v.type === 'SQL_INJECTION' && v.file === 'src/users.js'));
      const historySecret = vulns.find((v) => typeof v.commit === 'string');
      assert.ok(historySecret, 'the key removed from the tree is found in history');
      assert.match(String(historySecret.author), /^Test Author/);
      assert.equal(typeof historySecret.date, 'string');
      const job = await svc.client.getJob(started.jobId);
      assert.equal(job.kind, 'github');
      assert.equal(job.status, 'completed');
      assert.equal(job.billed, true);
      assert.match(String(job.commit), /^[0-9a-f]{40}$/);
    });

    it('paths limits the history as it limits the tree', async () => {
      const scan = async (paths: string[]) => {
        const started = await svc.client.startGithubScan({ repository: 'acme/webapp', paths });
        const events = await svc.client.collectEvents('github', started.jobId);
        assert.equal(events.at(-1)!.type, 'completed', JSON.stringify(events.at(-1)!.data));
        const job = await svc.client.getJob(started.jobId);
        return { vulns: events.filter((e) => e.type === 'vulnerability').map((e) => e.data), job };
      };
      // The removed key lives in config.js's history: outside src/**.
      const src = await scan(['src/**']);
      assert.ok(src.vulns.some((v) => v.file === 'src/users.js'));
      assert.deepEqual(src.vulns.filter((v) => !String(v.file).startsWith('src/')), [], 'nothing outside paths, from the history either');
      assert.equal(src.job.summary?.findings, src.vulns.length);
      const config = await scan(['config.js']);
      assert.ok(config.vulns.length > 0 && config.vulns.every((v) => v.file === 'config.js' && typeof v.commit === 'string'), JSON.stringify(config.vulns));
    });

    it('a repository URL on the configured host is accepted; a missing repository fails unbilled', async () => {
      const started = await svc.client.startGithubScan({ repository: `${svc.server.core.config.githubUrl}/acme/missing.git`, history: false });
      const events = await svc.client.collectEvents('github', started.jobId);
      const last = events.at(-1)!;
      assert.equal(last.type, 'failed');
      assert.match(String(last.data.message), /not billed/);
      const job = await svc.client.getJob(started.jobId);
      assert.equal(job.status, 'failed');
      assert.equal(job.billed, false);
      assert.equal(job.repository, 'acme/missing');
    });

    it('auto-cancels when the last client leaves; autoCancel:false keeps the job', async () => {
      const auto = await idle.client.startGithubScan({ repository: 'acme/webapp' });
      const keep = await idle.client.startGithubScan({ repository: 'acme/webapp', autoCancel: false });
      for (const id of [auto.jobId, keep.jobId]) {
        await raw(`${idle.api}/github/${id}/events`, { headers: { 'x-api-key': idle.key }, abortAfter: (t) => t.includes('connected') });
      }
      await waitFor('auto-cancel', async () => (await idle.client.getJob(auto.jobId)).status === 'cancelled', 10_000);
      await new Promise((r) => setTimeout(r, 600));
      assert.equal((await idle.client.getJob(keep.jobId)).status, 'queued');
      const events = await idle.client.collectEvents('github', auto.jobId);
      assert.equal(events.at(-1)!.type, 'failed');
      assert.match(String(events.at(-1)!.data.message), /disconnected.*not billed/s);
      await idle.client.cancelJob(keep.jobId);
    });

    it('a client that reconnects within the grace period keeps the scan alive', async () => {
      const started = await idle.client.startGithubScan({ repository: 'acme/webapp' });
      await raw(`${idle.api}/github/${started.jobId}/events`, { headers: { 'x-api-key': idle.key }, abortAfter: (t) => t.includes('connected') });
      const again = raw(`${idle.api}/github/${started.jobId}/events`, { headers: { 'x-api-key': idle.key }, abortAfter: (t) => t.includes('"failed"') });
      await new Promise((r) => setTimeout(r, 700));
      assert.equal((await idle.client.getJob(started.jobId)).status, 'queued');
      await idle.client.cancelJob(started.jobId);
      const r = await again;
      assert.ok(r.body.includes('"failed"'));
    });
  });

  describe('restarts', () => {
    it('graceful shutdown hands running scans back; after restart every accepted job completes once', async () => {
      const store = await backend.freshStore();
      const first = await startTestService(store, { scanConcurrency: 1, shutdownGraceMs: 0 });
      const big = Array.from({ length: 40 }, (_, i) => ({ path: `m${i}/r.js`, content: VULNERABLE_JS.repeat(6) }));
      const ids: string[] = [];
      ids.push((await first.client.startCommitScan(commitBody(big))).jobId);
      for (let i = 0; i < 2; i++) ids.push((await first.client.startCommitScan(commitBody())).jobId);
      await waitFor('a running scan', async () => (await first.client.getJob(ids[0], { limit: 1 })).status === 'running');
      await first.close();
      const second = await startTestService(store, { scanConcurrency: 2 });
      try {
        const client = second.clientFor(first.key);
        for (const id of ids) {
          const events = await client.collectEvents('commit', id);
          assert.equal(events.at(-1)?.type, 'completed', id);
          const numbered = events.filter((e) => e.id !== undefined).map((e) => e.id);
          assert.deepEqual(numbered, Array.from({ length: numbered.length }, (_, k) => k + 1));
          assert.equal(events.filter((e) => e.type === 'completed').length, 1);
        }
        assert.equal((await second.server.core.store.jobs.get(ids[0]))?.attempts, 2, 'the interrupted scan ran again');
        const usage = await client.usage();
        assert.equal(usage.scans.billed, 3);
        assert.equal(usage.scans.unbilled, 0);
      } finally {
        await second.close();
      }
    });
  });

  describe('database restart', () => {
    it('the service recovers by itself after the database restarts under load', { timeout: 120_000 }, async (t) => {
      if (!backend.restartDatabase) {
        t.diagnostic('the embedded SQLite store has no separate database server to restart');
        return;
      }
      const files = Array.from({ length: 10 }, (_, i) => ({ path: `m${i}/r.js`, content: VULNERABLE_JS.repeat(4) }));
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await svc.client.startCommitScan(commitBody(files))).jobId);
      const streams = ids.map((id) => svc.client.collectEvents('commit', id, { maxReconnects: 30, initialDelayMs: 200, maxDelayMs: 1000 }));
      await backend.restartDatabase();
      t.diagnostic('database restarted');
      for (const [i, id] of ids.entries()) {
        const events = await streams[i];
        t.diagnostic(`stream ${i} ended with ${events.at(-1)?.type}`);
        assert.ok(['completed', 'failed'].includes(events.at(-1)!.type), `${id} ended`);
        const numbered = events.filter((e) => e.id !== undefined).map((e) => e.id!);
        assert.deepEqual([...new Set(numbered)].sort((a, b) => a - b), numbered, 'no event twice or out of order');
      }
      // New work is accepted and completes without anyone stepping in.
      const after = await waitFor('the API to accept scans again', () => svc.client.startCommitScan(commitBody()).catch(() => undefined));
      const events = await svc.client.collectEvents('commit', after.jobId);
      assert.equal(events.at(-1)!.type, 'completed');
      assert.equal((await raw(`${svc.api}/health`)).status, 200);
    });
  });

  describe('errors from the client', () => {
    it('the typed client raises ApiRequestError with status, code and field', async () => {
      await assert.rejects(
        () => svc.client.startCommitScan({ repository: 'x', files: [{ path: '../x', content: '' }] }),
        (error: unknown) => error instanceof ApiRequestError && error.status === 400 && error.field === 'body.files[0].path',
      );
    });
  });
}
