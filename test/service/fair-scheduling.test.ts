// Fair scheduling: clones have their own budget, so one account's slow clones
// cannot hold another account's commit scan in `queued`; and an account that
// queues many scans does not make a later account wait behind all of them.
// Each case runs on the embedded store (in-process queue) and on PostgreSQL
// (pg-boss), against a git host on loopback that stalls every request.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ScannerClient } from '../../src/client/index.ts';
import { FairWaitingList, type QueuedJob } from '../../src/service/queue.ts';
import { postgresBackend, sqliteBackend, startTestService, VULNERABLE_JS, type Backend } from './harness.ts';

interface StallingGitHost {
  url: string;
  /** Requests that arrived and are being held. */
  held(): number;
  /** Answers every held and later request with 503, so the clones fail at once. */
  release(): void;
  stop(): Promise<void>;
}

/** A git host that accepts connections and then says nothing: a clone waits on it until released. */
async function startStallingGitHost(): Promise<StallingGitHost> {
  const waiting = new Set<ServerResponse>();
  let released = false;
  const refuse = (response: ServerResponse) => {
    if (!response.headersSent) response.writeHead(503, { 'content-type': 'text/plain' });
    response.end('unavailable\n');
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    if (released) return refuse(response);
    waiting.add(response);
    response.on('close', () => waiting.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const release = () => {
    released = true;
    for (const response of waiting) refuse(response);
    waiting.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => waiting.size,
    release,
    async stop() {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForStatus(client: ScannerClient, jobId: string, statuses: string[], timeoutMs = 30_000) {
  return waitFor(`job ${jobId} to be ${statuses.join(' or ')}`, async () => {
    const job = await client.getJob(jobId, { limit: 1 });
    return statuses.includes(job.status) ? job : undefined;
  }, timeoutMs);
}

const SMALL_COMMIT = { repository: 'acme/api', files: [{ path: 'src/users.js', content: VULNERABLE_JS }] };

function defineFairnessSuite(makeBackend: () => Promise<Backend>) {
  let backend: Backend;
  let host: StallingGitHost;
  before(async () => {
    backend = await makeBackend();
  });
  after(async () => {
    await backend?.stop();
  });

  it("two slow clones of one account leave another account's commit scan a slot", async () => {
    host = await startStallingGitHost();
    // The default process: two scans at once, and clones on their own budget.
    const svc = await startTestService(await backend.freshStore(), { githubUrl: host.url, scanConcurrency: 2 });
    try {
      const slowAccount = svc.clientFor(await svc.newKey());
      const otherAccount = svc.clientFor(await svc.newKey());
      const clones = [
        await slowAccount.startGithubScan({ repository: 'acme/huge-one', autoCancel: false }),
        await slowAccount.startGithubScan({ repository: 'acme/huge-two', autoCancel: false }),
      ];
      await waitFor('both clones to reach the git host', async () => host.held() >= 2);
      for (const clone of clones) assert.equal((await slowAccount.getJob(clone.jobId, { limit: 1 })).status, 'running');

      const commit = await otherAccount.startCommitScan(SMALL_COMMIT);
      const done = await waitForStatus(otherAccount, commit.jobId, ['completed', 'failed'], 20_000);
      assert.equal(done.status, 'completed', 'the commit scan ran while both clones were stalled');
      for (const clone of clones) {
        assert.equal((await slowAccount.getJob(clone.jobId, { limit: 1 })).status, 'running', 'the clones are still running');
      }

      host.release();
      for (const clone of clones) {
        const ended = await waitForStatus(slowAccount, clone.jobId, ['failed', 'completed', 'cancelled']);
        assert.equal(ended.status, 'failed');
      }
    } finally {
      await svc.close();
      await host.stop();
    }
  });

  it("an account's backlog does not hold back a later account's scan", async () => {
    // One scan slot: the order scans start in is the order the queue hands them out.
    const svc = await startTestService(await backend.freshStore(), { scanConcurrency: 1 });
    try {
      const busy = svc.clientFor(await svc.newKey());
      const later = svc.clientFor(await svc.newKey());
      const files = Array.from({ length: 12 }, (_, i) => ({ path: `src/r${i}.js`, content: VULNERABLE_JS }));
      const backlog = [];
      for (let i = 0; i < 4; i++) backlog.push((await busy.startCommitScan({ repository: 'acme/busy', files })).jobId);
      const latecomer = (await later.startCommitScan(SMALL_COMMIT)).jobId;
      const all = [...backlog, latecomer];
      for (const id of backlog) await waitForStatus(busy, id, ['completed'], 60_000);
      await waitForStatus(later, latecomer, ['completed'], 60_000);
      const started = new Map<string, string>();
      for (const id of all) {
        const job = await svc.server.core.store.jobs.get(id);
        started.set(id, job!.startedAt!);
      }
      const order = [...all].sort((a, b) => started.get(a)!.localeCompare(started.get(b)!));
      // The first of the backlog may already have been running; the latecomer goes next, not last.
      assert.ok(
        order.indexOf(latecomer) <= 1,
        `the later account's scan started second at the latest, not after the whole backlog (position ${order.indexOf(latecomer) + 1} of ${order.length})`,
      );
    } finally {
      await svc.close();
    }
  });
}

describe('the in-process waiting list', () => {
  const job = (id: string, accountId: string): QueuedJob => ({ id, accountId, kind: 'commit' });

  it('takes turns between accounts, one slot at a time', () => {
    const list = new FairWaitingList();
    for (const j of [job('a1', 'A'), job('a2', 'A'), job('a3', 'A'), job('b1', 'B'), job('c1', 'C'), job('b2', 'B')]) list.push(j);
    const order: string[] = [];
    for (let next = list.take(); next; next = list.take()) {
      order.push(next.id);
      list.done(next);
    }
    assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('gives a free slot to the account with the fewest scans running', () => {
    const list = new FairWaitingList();
    for (const j of [job('a1', 'A'), job('a2', 'A'), job('a3', 'A'), job('b1', 'B')]) list.push(j);
    assert.equal(list.take()?.id, 'a1');
    assert.equal(list.take()?.id, 'b1');
    assert.equal(list.take()?.id, 'a2', 'with B served and nothing else waiting, A goes on');
    assert.equal(list.length, 1);
  });
});

describe('fair scheduling on the embedded store', { timeout: 180_000 }, () => defineFairnessSuite(sqliteBackend));
describe('fair scheduling on PostgreSQL with pg-boss', { timeout: 240_000 }, () => defineFairnessSuite(postgresBackend));
