// Triage: a finding dismissed through the API or the dashboard stays dismissed in
// later scans of the repository (matched by its id, which does not depend on the
// line), shows as a flag in the job results and as a SARIF suppression, and can be
// reopened.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../dashboard/session.ts';
import { createRepository, sqliteBackend, startGitHost, startTestService, type Backend, type GitHost, type TestService } from './harness.ts';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.test',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.test',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

/** Pushes a commit that moves every line of src/users.js down by `lines`. */
function shiftCode(bare: string, lines: number): void {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-triage-'));
  try {
    execFileSync('git', ['clone', '-q', bare, work], { env: GIT_ENV });
    const file = path.join(work, 'src/users.js');
    writeFileSync(file, '// moved\n'.repeat(lines) + readFileSync(file, 'utf8'));
    execFileSync('git', ['-C', work, 'commit', '-q', '-am', 'move the code down'], { env: GIT_ENV });
    execFileSync('git', ['-C', work, 'push', '-q', 'origin', 'HEAD:main'], { env: GIT_ENV });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Finding {
  id: string;
  line: number;
  file: string;
  dismissal: { status: string; reason: string; by: string; at: string } | null;
}

describe('triage', { timeout: 180_000 }, () => {
  let backend: Backend;
  let host: GitHost;
  let svc: TestService;
  let bare: string;

  before(async () => {
    backend = await sqliteBackend();
    host = await startGitHost();
    bare = createRepository(host.root, 'acme/triage');
    svc = await startTestService(await backend.freshStore(), { githubUrl: host.url });
  });
  after(async () => {
    await svc?.close();
    await host?.stop();
    await backend?.stop();
  });

  const scan = async (client = svc.client) => {
    const { jobId } = await client.startGithubScan({ repository: 'acme/triage', history: false });
    await client.collectEvents('github', jobId);
    const job = await client.getJob(jobId);
    assert.equal(job.status, 'completed');
    return { jobId, findings: job.findings as unknown as Finding[] };
  };

  it('dismisses through the API, carries it to a later scan where the lines moved, and reopens from the dashboard', async () => {
    const store = svc.server.core.store;
    const account = await store.accounts.create('triage', 'free');
    const { key, info } = await store.keys.create(account.id, 'triage');
    await store.users.create({ email: 'dev@example.test', password: 'fake-password-t', admin: false, accountId: account.id });
    const client = svc.clientFor(key);

    const first = await scan(client);
    const target = first.findings.find((f) => f.file === 'src/users.js')!;
    assert.ok(target, 'the SQL injection is found');
    assert.ok(first.findings.every((f) => f.dismissal === null), 'findings start open');

    const url = `${svc.api}/jobs/${first.jobId}/findings/${target.id}/dismissal`;
    const put = (body: unknown, k = key) =>
      fetch(url, { method: 'PUT', headers: { 'x-api-key': k, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const bad = await put({ status: 'ignored', reason: 'x' });
    assert.equal(bad.status, 400);
    assert.equal((await put({ status: 'false_positive', reason: 'x' }, svc.key)).status, 404, 'another account cannot triage it');
    const missing = await fetch(`${svc.api}/jobs/${first.jobId}/findings/vuln_nope/dismissal`, {
      method: 'PUT',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'false_positive', reason: 'x' }),
    });
    assert.equal(missing.status, 404);
    const answer = await put({ status: 'false_positive', reason: 'name is checked against an allow-list upstream' });
    assert.equal(answer.status, 200);
    const body = (await answer.json()) as { success: boolean; data: { dismissal: Finding['dismissal'] } };
    assert.equal(body.success, true);
    assert.equal(body.data.dismissal!.by, `key:${info.id}`);

    shiftCode(bare, 3);
    const second = await scan(client);
    const again = second.findings.find((f) => f.id === target.id)!;
    assert.ok(again, 'the same finding, by id, in the later scan');
    assert.equal(again.line, target.line + 3, 'its line moved');
    assert.equal(again.dismissal?.status, 'false_positive', 'and it stays dismissed');
    assert.equal(again.dismissal?.reason, 'name is checked against an allow-list upstream');

    const dev = await signIn(svc.server.url, 'dev@example.test', 'fake-password-t');
    const page = await dev.call('GET', `/scans/${second.jobId}`);
    const shown = (page.body.findings as (Finding & { url?: string })[]).find((f) => f.id === target.id)!;
    assert.equal(shown.dismissal?.status, 'false_positive');
    // Each finding links to its file and line at the scanned commit on the git host.
    const scanned = (await client.getJob(second.jobId)).commit;
    assert.match(String(scanned), /^[0-9a-f]{40}$/);
    assert.equal(shown.url, `${host.url}/acme/triage/blob/${scanned}/src/users.js#L${again.line}`);
    const sarif = await dev.call('GET', `/scans/${second.jobId}/report.sarif`);
    const results = (sarif.body as unknown as { runs: { results: { properties: { id: string }; suppressions?: { kind: string; status: string; justification: string }[] }[] }[] }).runs[0].results;
    const suppressed = results.find((r) => r.properties.id === target.id)!;
    assert.deepEqual(
      suppressed.suppressions?.map(({ kind, status, justification }) => ({ kind, status, justification })),
      [{ kind: 'external', status: 'accepted', justification: 'false positive: name is checked against an allow-list upstream' }],
    );
    assert.ok(results.filter((r) => r.properties.id !== target.id).every((r) => !r.suppressions), 'open findings carry no suppression');

    const reopened = await dev.call('DELETE', `/scans/${second.jobId}/findings/${target.id}/dismissal`);
    assert.equal(reopened.status, 200);
    assert.equal((await dev.call('DELETE', `/scans/${second.jobId}/findings/${target.id}/dismissal`)).status, 404);
    const after = (await client.getJob(second.jobId)).findings as unknown as Finding[];
    assert.equal(after.find((f) => f.id === target.id)!.dismissal, null);

    const viaDashboard = await dev.call('PUT', `/scans/${second.jobId}/findings/${target.id}/dismissal`, { status: 'wont_fix', reason: 'legacy endpoint, removed next release' });
    assert.equal(viaDashboard.status, 200);
    const firstAgain = (await client.getJob(first.jobId)).findings as unknown as Finding[];
    assert.equal(firstAgain.find((f) => f.id === target.id)!.dismissal?.by, 'dev@example.test', 'the dismissal belongs to the repository, not to one scan');
  });
});
