// A scan's summary counts every finding it streamed, history secrets included:
// `findings` equals the sum of `findingsBySeverity`, in the API and in the
// dashboard's scan list (which draws its badges from it).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../dashboard/session.ts';
import { createRepository, sqliteBackend, startGitHost, startTestService, type Backend, type GitHost, type TestService } from './harness.ts';

describe('summary counts with secrets only in history', { timeout: 120_000 }, () => {
  let backend: Backend;
  let host: GitHost;
  let svc: TestService;

  before(async () => {
    backend = await sqliteBackend();
    host = await startGitHost();
    // The tree is clean; the only finding is a token removed in an earlier commit.
    createRepository(host.root, 'acme/clean-now', { 'README.md': 'A service.\n' });
    svc = await startTestService(await backend.freshStore(), { githubUrl: host.url });
  });
  after(async () => {
    await svc?.close();
    await host?.stop();
    await backend?.stop();
  });

  it('counts the history secret in findings and in findingsBySeverity, and the dashboard shows it', async () => {
    const store = svc.server.core.store;
    const account = await store.accounts.create('history', 'free');
    const key = (await store.keys.create(account.id, 'k')).key;
    await store.users.create({ email: 'lead@example.test', password: 'fake-password-1', admin: true, accountId: account.id });
    const client = svc.clientFor(key);

    const { jobId } = await client.startGithubScan({ repository: 'acme/clean-now', history: true });
    const events = await client.collectEvents('github', jobId);
    assert.equal(events.at(-1)!.type, 'completed');
    const vulnerabilities = events.filter((e) => e.type === 'vulnerability');
    assert.ok(vulnerabilities.length >= 1, 'the history secret is reported');
    assert.ok(vulnerabilities.every((e) => e.data.commit), 'every finding comes from history');

    const job = await client.getJob(jobId);
    const summary = job.summary as { findings: number; findingsBySeverity: Record<string, number> };
    const bySeverity = Object.values(summary.findingsBySeverity).reduce((a, b) => a + b, 0);
    assert.equal(summary.findings, vulnerabilities.length);
    assert.equal(bySeverity, summary.findings, 'findingsBySeverity adds up to findings');

    const lead = await signIn(svc.server.url, 'lead@example.test', 'fake-password-1');
    const { body } = await lead.call('GET', '/scans');
    const row = (body.scans as { id: string; findingsBySeverity: Record<string, number> }[]).find((s) => s.id === jobId)!;
    assert.equal(Object.values(row.findingsBySeverity).reduce((a, b) => a + b, 0), vulnerabilities.length, 'the scan list has a badge for it');
  });
});
