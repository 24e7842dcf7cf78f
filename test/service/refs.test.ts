// Refs are checked once, at the API, with git's own rules (check-ref-format):
// every ref git accepts is accepted and scanned, every other one is a 400 naming
// the field, and the job keeps the ref that was asked for (none: null, not "HEAD").
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { ApiRequestError } from '../../src/client/index.ts';
import { refNameProblem } from '../../src/sources/clone.ts';
import { signIn } from '../dashboard/session.ts';
import { createRepository, sqliteBackend, startGitHost, startTestService, type Backend, type GitHost, type TestService } from './harness.ts';

const ACCEPTED = ['main', 'v1.0+build', 'feature@x', '_tmp', 'release/2026.1', 'déjà-vu', 'a.b', 'x@y{z}', 'HEAD'];
const REFUSED = ['a..b', 'x~1', 'x^', 'a:b', 'what?', 'glob*', 'br[1]', 'back\\slash', 'has space', 'foo.lock', 'dir/.hidden', 'end.', '/lead', 'trail/', 'a//b', '@', 'x@{1}', 'tab\there', ''];

describe('git refs at the API', { timeout: 120_000 }, () => {
  let backend: Backend;
  let host: GitHost;
  let svc: TestService;

  before(async () => {
    backend = await sqliteBackend();
    host = await startGitHost();
    const bare = createRepository(host.root, 'acme/refs');
    for (const branch of ['feature@x', '_tmp']) execFileSync('git', ['-C', bare, 'branch', branch, 'main']);
    execFileSync('git', ['-C', bare, 'tag', 'v1.0+build', 'main']);
    svc = await startTestService(await backend.freshStore(), { githubUrl: host.url });
  });
  after(async () => {
    await svc?.close();
    await host?.stop();
    await backend?.stop();
  });

  it('agrees with git check-ref-format on every example', () => {
    for (const ref of [...ACCEPTED, ...REFUSED]) {
      const git = spawnSync('git', ['check-ref-format', '--allow-onelevel', ref]).status === 0;
      assert.equal(refNameProblem(ref) === null, git, `${JSON.stringify(ref)}: git says ${git ? 'valid' : 'invalid'}`);
    }
    assert.notEqual(refNameProblem('-upload-pack=x'), null, 'a ref is never read as an option');
  });

  it('scans refs git accepts and keeps the ref asked for', async () => {
    for (const ref of ['v1.0+build', 'feature@x', '_tmp']) {
      const { jobId } = await svc.client.startGithubScan({ repository: 'acme/refs', ref, history: false });
      const events = await svc.client.collectEvents('github', jobId);
      assert.equal(events.at(-1)!.type, 'completed', `${ref}: ${JSON.stringify(events.at(-1)!.data)}`);
      const job = await svc.client.getJob(jobId);
      assert.equal(job.ref, ref);
      assert.equal((job.summary as { ref: unknown }).ref, ref);
    }
  });

  it('a scan without a ref records none, not "HEAD"', async () => {
    const { jobId } = await svc.client.startGithubScan({ repository: 'acme/refs', history: false });
    await svc.client.collectEvents('github', jobId);
    const job = await svc.client.getJob(jobId);
    assert.equal(job.status, 'completed');
    assert.equal(job.ref, null);
    assert.equal((job.summary as { ref: unknown }).ref, null);
  });

  it('refuses refs git refuses with a 400 naming body.ref, in the API and the dashboard', async () => {
    const store = svc.server.core.store;
    const account = await store.accounts.create('refs', 'free');
    await store.users.create({ email: 'refs@example.test', password: 'fake-password-2', admin: true, accountId: account.id });
    const user = await signIn(svc.server.url, 'refs@example.test', 'fake-password-2');
    const jobsBefore = (await svc.client.listJobs({ limit: 100 })).jobs.length;
    for (const ref of [...REFUSED, '-upload-pack=x']) {
      await assert.rejects(
        svc.client.startGithubScan({ repository: 'acme/refs', ref }),
        (error: unknown) => error instanceof ApiRequestError && error.status === 400 && error.field === 'body.ref',
        JSON.stringify(ref),
      );
      if (ref === '') continue; // the dashboard's form sends no ref for an empty field
      const answer = await user.call('POST', '/scans', { repository: 'acme/refs', ref });
      assert.equal(answer.status, 400, `dashboard ${JSON.stringify(ref)}`);
    }
    assert.equal((await svc.client.listJobs({ limit: 100 })).jobs.length, jobsBefore, 'no job was created for a refused ref');
    assert.deepEqual((await user.call('GET', '/scans')).body.scans, [], 'nor from the dashboard');
  });
});
