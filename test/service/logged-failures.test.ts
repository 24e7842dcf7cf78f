// Failures an operator must hear about are logged, not swallowed: a failed
// auto-cancel, and event reads failing while the database is away (once per
// outage, not once per poll).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { WatcherRegistry } from '../../src/service/context.ts';
import { EventHub, LocalTransport } from '../../src/service/events.ts';
import { openMigratedStore } from '../../src/service/store/store.ts';
import { tempDir } from './harness.ts';

/** A real pino logger whose JSON lines are kept for the test to read. */
function capturingLogger() {
  const lines: { level: number; msg: string; jobId?: string; err?: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}

const waitFor = async (probe: () => boolean) => {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('failures are logged', () => {
  it('an auto-cancel that fails is logged with its job', async () => {
    const { log, lines } = capturingLogger();
    const watchers = new WatcherRegistry(10, async () => {
      throw new Error('database is restarting');
    }, log);
    watchers.add('job-1');
    watchers.remove('job-1', true);
    await waitFor(() => lines.length > 0);
    watchers.stop();
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, 50);
    assert.equal(lines[0].jobId, 'job-1');
    assert.match(lines[0].msg, /auto-cancel failed/);
    assert.match(String(lines[0].err), /database is restarting/);
  });

  it('event reads failing while the database is gone are logged once per outage', async () => {
    const { dir, remove } = tempDir('hub');
    const { log, lines } = capturingLogger();
    const store = await openMigratedStore({ dataDir: dir });
    const transport = new LocalTransport();
    const hub = new EventHub(store, transport, { log });
    try {
      const account = await store.accounts.create('a', 'free');
      const job = await store.jobs.create({ accountId: account.id, kind: 'commit', repository: 'r', ref: null, commit: null, options: {} });
      await hub.subscribe(job.id, () => {});
      await store.close();
      for (let i = 0; i < 3; i++) {
        await hub.published(job.id);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const warnings = lines.filter((l) => l.level === 40);
      assert.equal(warnings.length, 1, JSON.stringify(lines));
      assert.match(warnings[0].msg, /reading job events failed/);
      assert.equal(warnings[0].jobId, job.id);
    } finally {
      await hub.close();
      remove();
    }
  });
});
