// Every response body carries `success`, including the ones produced before a route
// runs: a path parameter over the length limit (414), headers over Node's limit (431)
// and a request that is not valid HTTP (400).
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend, startTestService, type Backend, type TestService } from './harness.ts';

/** Sends raw bytes and returns the status and body of the answer. */
function rawExchange(url: string, bytes: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...body] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body.join('\r\n\r\n') });
    });
  });
}

describe('error bodies from outside the routes', { timeout: 60_000 }, () => {
  let backend: Backend;
  let svc: TestService;
  before(async () => {
    backend = await sqliteBackend();
    svc = await startTestService(await backend.freshStore());
  });
  after(async () => {
    await svc?.close();
    await backend?.stop();
  });

  it('414 for a path parameter over the limit, in the API and the dashboard API', async () => {
    const long = 'a'.repeat(600);
    for (const path of [`/api/v1/jobs/${long}`, `/api/v1/github/${long}/events`, `/dashboard/api/scans/${long}`]) {
      const response = await fetch(`${svc.server.url}${path}`, { headers: { 'x-api-key': svc.key } });
      assert.equal(response.status, 414, path.slice(0, 30));
      assert.deepEqual(await response.json(), {
        success: false,
        error: { code: 'URI_TOO_LONG', message: 'A path parameter is longer than this server accepts.' },
      });
    }
  });

  it('431 for headers over the limit', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${svc.api}/health`, { headers: { 'x-padding': 'p'.repeat(20_000) } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(answer.status, 431);
    assert.deepEqual(JSON.parse(answer.body), {
      success: false,
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are larger than this server accepts.' },
    });
  });

  it('400 for a request that is not HTTP', async () => {
    const answer = await rawExchange(svc.server.url, 'NOT HTTP AT ALL\r\n\r\n');
    assert.equal(answer.status, 400);
    assert.equal(JSON.parse(answer.body).success, false);
  });
});
