// Dashboard sign-in over real HTTP: the session cookie's attributes, CSRF on every
// request that changes something (bound to the session), a tampered cookie, sign-out.
// The Secure flag behind a TLS proxy is in test/service/trust-proxy.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend, startTestService, type Backend, type TestService } from '../service/harness.ts';

interface Signed {
  cookie: string;
  setCookie: string;
  csrf: string;
}

describe('dashboard sign-in, cookie and CSRF', { timeout: 60_000 }, () => {
  let backend: Backend;
  let svc: TestService;

  before(async () => {
    backend = await sqliteBackend();
    svc = await startTestService(await backend.freshStore());
    const store = svc.server.core.store;
    const team = await store.accounts.create('team', 'free');
    await store.users.create({ email: 'lead@example.test', password: 'fake-password-l', admin: true, accountId: team.id });
    await store.users.create({ email: 'dev@example.test', password: 'fake-password-d', admin: false, accountId: team.id });
  });
  after(async () => {
    await svc?.close();
    await backend?.stop();
  });

  const signIn = async (email: string, password: string): Promise<Signed> => {
    const response = await fetch(`${svc.server.url}/dashboard/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    const setCookie = response.headers.get('set-cookie') ?? '';
    return { cookie: setCookie.split(';')[0], setCookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
  };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${svc.server.url}/dashboard/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json().catch(() => ({}))) as Record<string, any> };
  };
  const assertCsrfRefused = (answer: { status: number; body: Record<string, any> }, what: string) => {
    assert.equal(answer.status, 403, what);
    assert.deepEqual(answer.body, { success: false, error: { code: 'CSRF', message: 'Missing or wrong CSRF token.' } }, what);
  };

  it('sets an HttpOnly, SameSite=Strict session cookie for the whole site, for 12 hours, not Secure over http', async () => {
    const { setCookie } = await signIn('lead@example.test', 'fake-password-l');
    const [pair, ...attributes] = setCookie.split(/;\s*/);
    assert.match(pair, /^scanner_session=[\w-]{43}$/);
    assert.deepEqual(attributes.sort(), ['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict']);
  });

  it('refuses a state-changing request without the CSRF token, with the error envelope, on every kind of route', async () => {
    const lead = await signIn('lead@example.test', 'fake-password-l');
    const routes: [string, string, unknown][] = [
      ['POST', '/keys', { name: 'no-token' }],
      ['DELETE', '/keys/key_x', undefined],
      ['POST', '/scans', { repository: 'acme/app' }],
      ['POST', '/scans/00000000-0000-4000-8000-000000000000/cancel', undefined],
      ['PUT', '/scans/00000000-0000-4000-8000-000000000000/findings/vuln_x/dismissal', { status: 'wont_fix', reason: 'x' }],
      ['DELETE', '/scans/00000000-0000-4000-8000-000000000000/findings/vuln_x/dismissal', undefined],
      ['POST', '/users', { email: 'new@example.test', role: 'member' }],
      ['PATCH', '/users/user_x', { role: 'admin' }],
      ['POST', '/users/user_x/password', undefined],
      ['POST', '/password', { currentPassword: 'fake-password-l', newPassword: 'another-long-fake-password' }],
      ['POST', '/signout', undefined],
    ];
    for (const [method, path, body] of routes) {
      assertCsrfRefused(await call(method, path, { cookie: lead.cookie }, body), `${method} ${path} without a token`);
      assertCsrfRefused(await call(method, path, { cookie: lead.cookie, 'x-csrf-token': '' }, body), `${method} ${path} with an empty token`);
      assertCsrfRefused(await call(method, path, { cookie: lead.cookie, 'x-csrf-token': 'abc-def' }, body), `${method} ${path} with a made-up token`);
    }
    // The token in a body field (as a cross-site form could send it) does not count.
    assertCsrfRefused(await call('POST', '/keys', { cookie: lead.cookie }, { name: 'in-body', _csrf: lead.csrf }), 'a token in the body');
    const keys = (await call('GET', '/keys', { cookie: lead.cookie })).body.keys as unknown[];
    assert.deepEqual(keys, [], 'nothing was created');
    assert.equal((await call('GET', '/session', { cookie: lead.cookie })).status, 200, 'still signed in');
    assert.equal((await call('POST', '/keys', { cookie: lead.cookie, 'x-csrf-token': lead.csrf }, { name: 'with-token' })).status, 200);
  });

  it('refuses the token of another session, of another user or of the same user', async () => {
    const lead = await signIn('lead@example.test', 'fake-password-l');
    const dev = await signIn('dev@example.test', 'fake-password-d');
    const leadAgain = await signIn('lead@example.test', 'fake-password-l');
    assertCsrfRefused(await call('POST', '/keys', { cookie: lead.cookie, 'x-csrf-token': dev.csrf }, { name: 'x' }), "another user's token");
    assertCsrfRefused(await call('POST', '/keys', { cookie: lead.cookie, 'x-csrf-token': leadAgain.csrf }, { name: 'x' }), "the same user's other session's token");
    // Every GET /session hands out a fresh token for the same session; each one works.
    const fresh = (await call('GET', '/session', { cookie: lead.cookie })).body.csrfToken as string;
    assert.notEqual(fresh, lead.csrf);
    assert.equal((await call('POST', '/keys', { cookie: lead.cookie, 'x-csrf-token': fresh }, { name: 'fresh-token' })).status, 200);
    assert.equal((await call('POST', '/keys', { cookie: lead.cookie, 'x-csrf-token': lead.csrf }, { name: 'first-token' })).status, 200);
    assertCsrfRefused(await call('POST', '/keys', { cookie: dev.cookie, 'x-csrf-token': fresh }, { name: 'x' }), "a fresh token in another user's session");
  });

  it('answers 401 to a session cookie whose value was changed, before any CSRF check', async () => {
    const lead = await signIn('lead@example.test', 'fake-password-l');
    const value = lead.cookie.slice('scanner_session='.length);
    const flipped = `scanner_session=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [flipped, `${lead.cookie}x`, 'scanner_session=', `scanner_session=${'A'.repeat(200)}`, 'scanner_session=%E0%A4%A']) {
      const session = await call('GET', '/session', { cookie });
      assert.equal(session.status, 401, cookie);
      assert.equal(session.body.success, false);
      assert.equal(session.body.error.code, 'UNAUTHORIZED');
      assert.equal((await call('POST', '/keys', { cookie, 'x-csrf-token': lead.csrf }, { name: 'x' })).status, 401, `${cookie} with the right token`);
    }
    const page = await fetch(`${svc.server.url}/keys`, { headers: { cookie: flipped }, redirect: 'manual' });
    assert.equal(page.status, 303, 'a page sends the browser to sign in');
    assert.equal((await call('GET', '/session', { cookie: lead.cookie })).status, 200, 'the real cookie still works');
  });

  it('sign-out clears the cookie and ends the session on the server', async () => {
    const dev = await signIn('dev@example.test', 'fake-password-d');
    const out = await call('POST', '/signout', { cookie: dev.cookie, 'x-csrf-token': dev.csrf });
    assert.equal(out.status, 200);
    const cleared = out.headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = cleared.split(/;\s*/);
    assert.equal(pair, 'scanner_session=');
    assert.ok(attributes.includes('Max-Age=0'), cleared);
    assert.ok(attributes.includes('Expires=Thu, 01 Jan 1970 00:00:00 GMT'), cleared);
    assert.ok(attributes.includes('Path=/') && attributes.includes('HttpOnly') && attributes.includes('SameSite=Strict'), cleared);
    assert.equal((await call('GET', '/session', { cookie: dev.cookie })).status, 401, 'the old cookie is no session');
    assert.equal((await call('POST', '/signout', { cookie: dev.cookie, 'x-csrf-token': dev.csrf })).status, 401);
  });
});
