// Cancelling a running scan from the dashboard: the scan ends cancelled, says why,
// and its clone is gone; a finished scan cannot be cancelled, another account's
// scan does not exist for the caller.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createRepository, sqliteBackend, startGitHost, startTestService, tempDir, type Backend, type GitHost, type TestService } from '../service/harness.ts';
import { startSlowGitHost, type SlowGitHost } from '../service/slow-git-host.ts';
import { signIn } from './session.ts';

describe('cancel from the dashboard', { timeout: 120_000 }, () => {
  let backend: Backend;
  let real: GitHost;
  let slow: SlowGitHost;
  let svc: TestService;
  const clones = tempDir('dash-clones');

  before(async () => {
    backend = await sqliteBackend();
    real = await startGitHost();
    createRepository(real.root, 'acme/slow');
    slow = await startSlowGitHost(real);
    svc = await startTestService(await backend.freshStore(), { githubUrl: slow.url, cloneDir: clones.dir });
  });
  after(async () => {
    await svc?.close();
    await slow?.stop();
    await real?.stop();
    await backend?.stop();
    clones.remove();
  });

  it('cancels a running scan, which then says why', async () => {
    const store = svc.server.core.store;
    const account = await store.accounts.create('dash-cancel', 'free');
    await store.users.create({ email: 'dev@example.test', password: 'fake-password-c', admin: false, accountId: account.id });
    const other = await store.accounts.create('other', 'free');
    await store.users.create({ email: 'x@other.test', password: 'fake-password-o', admin: false, accountId: other.id });
    const dev = await signIn(svc.server.url, 'dev@example.test', 'fake-password-c');
    const stranger = await signIn(svc.server.url, 'x@other.test', 'fake-password-o');

    const started = await dev.call('POST', '/scans', { repository: 'acme/slow' });
    assert.equal(started.status, 200);
    const id = started.body.id as string;
    for (let i = 0; i < 400 && slow.stalled() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(slow.stalled(), 1, 'the clone hangs on the slow host');

    assert.equal((await stranger.call('POST', `/scans/${id}/cancel`)).status, 404);
    const cancelled = await dev.call('POST', `/scans/${id}/cancel`);
    assert.equal(cancelled.status, 200);
    const { scan } = (await dev.call('GET', `/scans/${id}`)).body as { scan: { status: string; error: string } };
    assert.equal(scan.status, 'cancelled');
    assert.match(scan.error, /cancelled from the dashboard by dev@example\.test/);
    const again = await dev.call('POST', `/scans/${id}/cancel`);
    assert.equal(again.status, 409);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.deepEqual(readdirSync(clones.dir).filter((n) => n.startsWith('scanner-clone-')), [], 'the clone folder is gone');
  });
});
