// Cancelling a GitHub scan mid-clone: the git fetch (its whole process group)
// ends and the clone's folder is removed, for a cancel through the API and for
// an auto-cancel after the last SSE client left; a server start removes clone
// folders a crashed process left behind, and only those.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createRepository, postgresBackend, sqliteBackend, startGitHost, startTestService, tempDir, type Backend, type GitHost, type TestService } from './harness.ts';
import { startSlowGitHost, type SlowGitHost } from './slow-git-host.ts';

/** Live processes whose command line mentions `needle` (Linux /proc). */
function processesMentioning(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline.includes(needle) && state !== 'Z') found.push(`${pid}: ${cmdline.trim()}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

const cloneFolders = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('scanner-clone-'));

async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function defineCancelSuite(makeBackend: () => Promise<Backend>, sweep: boolean) {
  let backend: Backend;
  let real: GitHost;
  let slow: SlowGitHost;
  let svc: TestService;
  const clones = tempDir('clones');

  before(async () => {
    backend = await makeBackend();
    real = await startGitHost();
    createRepository(real.root, 'acme/slow');
    slow = await startSlowGitHost(real);
    svc = await startTestService(await backend.freshStore(), { githubUrl: slow.url, cloneDir: clones.dir, scanConcurrency: 2 });
  });
  after(async () => {
    await svc?.close();
    await slow?.stop();
    await real?.stop();
    await backend?.stop();
    clones.remove();
  });

  /** Starts a scan and waits until its fetch is stuck mid-transfer, with git running and the folder there. */
  async function stuckScan(autoCancel: boolean): Promise<string> {
    const before = slow.stalled();
    const { jobId } = await svc.client.startGithubScan({ repository: 'acme/slow', history: false, autoCancel });
    await waitFor('the fetch to stall', () => slow.stalled() > before);
    assert.ok(processesMentioning(slow.url).length > 0, 'git fetch is running while the host stalls');
    assert.equal(cloneFolders(clones.dir).length, 1, 'the clone folder exists while the fetch runs');
    return jobId;
  }

  async function assertNothingLeftWithin(ms: number) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    assert.deepEqual(processesMentioning(slow.url), [], 'no git process remains');
    assert.deepEqual(cloneFolders(clones.dir), [], 'no clone folder remains');
  }

  it('a cancel through the API ends git and removes the folder within 2 s', async () => {
    const jobId = await stuckScan(false);
    await svc.client.cancelJob(jobId);
    await assertNothingLeftWithin(2000);
    assert.equal((await svc.client.getJob(jobId)).status, 'cancelled');
  });

  it('an auto-cancel (the last SSE client left) ends git and removes the folder within 2 s', async () => {
    const jobId = await stuckScan(true);
    const stream = new AbortController();
    const response = await fetch(`${svc.api}/github/${jobId}/events`, { headers: { 'x-api-key': svc.key }, signal: stream.signal });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('connected')) text += new TextDecoder().decode((await reader.read()).value);
    stream.abort();
    const grace = svc.server.core.config.autoCancelGraceMs;
    await waitFor('the auto-cancel', async () => (await svc.client.getJob(jobId)).status === 'cancelled', grace + 5000);
    await assertNothingLeftWithin(2000);
  });

  if (!sweep) return;
  it('a process that exits mid-fetch takes its git fetch with it', async () => {
    const before = slow.stalled();
    const cloneModule = new URL('../../src/sources/clone.ts', import.meta.url).href;
    const script = [
      `import { cloneRepository } from ${JSON.stringify(cloneModule)};`,
      `cloneRepository(${JSON.stringify(`${slow.url}/acme/slow.git`)}, { allowLoopbackHttp: true, tempDir: ${JSON.stringify(clones.dir)} }).catch(() => {});`,
      `process.stdin.once('data', () => process.exit(0));`,
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'ignore', 'inherit'] });
    try {
      await waitFor('the fetch to stall', () => slow.stalled() > before);
      assert.ok(processesMentioning(slow.url).length > 0, 'git fetch is running');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.write('exit\n');
      await exited;
      await waitFor('git to end', () => processesMentioning(slow.url).length === 0, 2000).catch(() => {});
      assert.deepEqual(processesMentioning(slow.url), [], 'no git process outlives the process that started it');
    } finally {
      child.kill();
    }
    // The folder it left is the start-up sweep's to remove (next test).
    for (const name of cloneFolders(clones.dir)) rmSync(path.join(clones.dir, name), { recursive: true, force: true });
  });

  it('a server start removes the clone folders of a process that is gone, and keeps a live one', async () => {
    const parked = spawn('sleep', ['60'], { stdio: 'ignore' });
    const gone = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    try {
      const crashed = path.join(clones.dir, 'scanner-clone-crashed');
      const live = path.join(clones.dir, 'scanner-clone-live');
      for (const [dir, pid] of [[crashed, gone.pid], [live, parked.pid]] as const) {
        mkdirSync(path.join(dir, 'repo.git', 'objects'), { recursive: true });
        writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid, startedAt: 0 }));
      }
      const restarted = await startTestService(await backend.freshStore(), { githubUrl: slow.url, cloneDir: clones.dir, scanConcurrency: 0 });
      await restarted.close();
      assert.deepEqual(cloneFolders(clones.dir), ['scanner-clone-live']);
    } finally {
      parked.kill();
    }
  });
}

describe('cancelling a scan while it clones from a slow git host, on SQLite', { timeout: 120_000 }, () => defineCancelSuite(sqliteBackend, true));
// With PostgreSQL the cancel reaches the runner through the store and LISTEN/NOTIFY, and the scan runs from pg-boss.
describe('cancelling a scan while it clones from a slow git host, on PostgreSQL', { timeout: 180_000 }, () => defineCancelSuite(postgresBackend, false));
