// trustProxy: behind a TLS-terminating proxy the service believes the proxy's
// x-forwarded-proto (the session cookie is marked Secure) and x-forwarded-for (the
// client's address in request logs and in the sign-in lockout); by default it believes
// neither. Each case runs a real server on loopback, the test being the proxy.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadServiceConfig } from '../../src/service/config.ts';
import { freePort, sqliteBackend, startTestService, tempDir, type Backend, type TestService } from './harness.ts';
import { launch, stop, waitHealthy } from './processes.ts';

const EMAIL = 'dev@example.test';
const PASSWORD = 'fake-password-for-the-proxy-test';

describe('trustProxy', { timeout: 120_000 }, () => {
  let backend: Backend;
  const services: TestService[] = [];

  before(async () => {
    backend = await sqliteBackend();
  });
  after(async () => {
    for (const svc of services) await svc.close();
    await backend?.stop();
  });

  const serviceWith = async (trustProxy?: boolean | string[]) => {
    const svc = await startTestService(await backend.freshStore(), trustProxy === undefined ? {} : { trustProxy });
    services.push(svc);
    const store = svc.server.core.store;
    const account = await store.accounts.create('team', 'free');
    await store.users.create({ email: EMAIL, password: PASSWORD, admin: false, accountId: account.id });
    return svc;
  };
  const signIn = (svc: TestService, headers: Record<string, string>, password = PASSWORD) =>
    fetch(`${svc.server.url}/dashboard/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: EMAIL, password }),
    });
  /** Five wrong passwords from `from`: the sixth attempt from there is locked out. */
  const failFiveTimes = async (svc: TestService, from: Record<string, string>) => {
    for (let i = 0; i < 5; i++) assert.equal((await signIn(svc, from, 'wrong-password')).status, 401);
  };

  it('off by default: x-forwarded-proto does not make the cookie Secure, and x-forwarded-for does not split the lockout', async () => {
    assert.equal(loadServiceConfig({}, {}).trustProxy, false);
    const svc = await serviceWith();
    const answer = await signIn(svc, { 'x-forwarded-proto': 'https' });
    assert.equal(answer.status, 200);
    assert.doesNotMatch(answer.headers.get('set-cookie') ?? '', /Secure/i);
    // Any client could send x-forwarded-for: believed, it would give every guess a new address.
    await failFiveTimes(svc, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal((await signIn(svc, { 'x-forwarded-for': '198.51.100.9' })).status, 429, 'the lockout is the connection’s address');
  });

  it('on: the cookie is Secure when the proxy says https, not when it says http', async () => {
    const svc = await serviceWith(['loopback']);
    const https = await signIn(svc, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' });
    assert.equal(https.status, 200);
    const cookie = https.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^scanner_session=[\w-]{43};/);
    assert.match(cookie, /; Secure(;|$)/);
    const http = await signIn(svc, { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.1' });
    assert.equal(http.status, 200);
    assert.doesNotMatch(http.headers.get('set-cookie') ?? '', /Secure/i);
    // Signing out over the proxy clears the cookie with the same attributes, Secure included.
    const { csrfToken } = (await https.json()) as { csrfToken: string };
    const out = await fetch(`${svc.server.url}/dashboard/api/signout`, {
      method: 'POST',
      headers: { cookie: cookie.split(';')[0], 'x-csrf-token': csrfToken, 'x-forwarded-proto': 'https' },
    });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', /^scanner_session=;.*; Secure(;|$)/);
  });

  it('on: the sign-in lockout is per client address, not per proxy', async () => {
    const svc = await serviceWith(['loopback']);
    await failFiveTimes(svc, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal((await signIn(svc, { 'x-forwarded-for': '203.0.113.7' })).status, 429, 'the guessing client is locked out');
    assert.equal((await signIn(svc, { 'x-forwarded-for': '198.51.100.9' })).status, 200, 'another client behind the same proxy is not');
  });

  it('on: an address that is not the trusted proxy is not believed', async () => {
    // Only 192.0.2.1 is the proxy: a loopback client's x-forwarded-* headers are its own claims.
    const svc = await serviceWith(['192.0.2.1']);
    const answer = await signIn(svc, { 'x-forwarded-proto': 'https' });
    assert.equal(answer.status, 200);
    assert.doesNotMatch(answer.headers.get('set-cookie') ?? '', /Secure/i);
  });

  it('scanner serve with SCANNER_TRUST_PROXY logs the client address; a bad value stops it', { skip: process.platform === 'win32' }, async () => {
    const { dir, remove } = tempDir('trust-proxy');
    try {
      const port = await freePort();
      const server = launch(['serve', '--port', String(port), '--data-dir', path.join(dir, 'server')], {
        SCANNER_LOG_LEVEL: 'info',
        SCANNER_TRUST_PROXY: 'loopback',
        DATABASE_URL: '',
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitHealthy(`${base}/api/v1`, server);
        assert.equal((await fetch(`${base}/api/v1/jobs`, { headers: { 'x-forwarded-for': '203.0.113.42' } })).status, 401);
        for (let i = 0; i < 100 && !server.output().includes('203.0.113.42'); i++) await new Promise((r) => setTimeout(r, 50));
        const logged = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"url":"/api/v1/jobs"'))
          .map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } });
        assert.ok(logged.some((entry) => entry.req?.remoteAddress === '203.0.113.42'), server.output());
      } finally {
        await stop(server);
      }

      // A file value is checked the same way and named.
      const configFile = path.join(dir, 'service.json');
      writeFileSync(configFile, JSON.stringify({ trustProxy: ['10.0.0.0/8', 'proxy.example'] }));
      assert.throws(() => loadServiceConfig({}, { SCANNER_CONFIG: configFile }), /invalid configuration .*must be an IP address.*trustProxy\[1\]/);
      const bad = launch(['serve', '--port', String(await freePort()), '--data-dir', path.join(dir, 'server')], { SCANNER_TRUST_PROXY: 'yes please', DATABASE_URL: '' });
      const code = await new Promise<number | null>((resolve) => bad.child.once('exit', resolve));
      assert.equal(code, 2, bad.output());
      assert.match(bad.output(), /SCANNER_TRUST_PROXY=yes please: must be an IP address/);
    } finally {
      remove();
    }
  });
});
