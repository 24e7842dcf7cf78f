// Assistant sessions end to end: watch a directory, edit files, read results,
// stop; ignored paths; and the inactivity timeout (on a clock the test moves, so no
// test waits for it to run out).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AssistantSessions, type SessionClock } from '../../src/mcp/sessions.ts';
import { ToolError } from '../../src/mcp/errors.ts';
import { callTool, makeRepo, sleep, startMcp, tempDir, VULNERABLE_JS_LINE, VULNERABLE_TYPE, type McpHandle } from './helpers.ts';

describe('scanner mcp: assistant sessions', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };
  let dir: string;

  before(async () => {
    tmp = await tempDir('mcp-assistant');
    dir = tmp.dir;
    await makeRepo(dir);
    await mkdir(path.join(dir, 'node_modules', 'lib'), { recursive: true });
    await mkdir(path.join(dir, 'dist'), { recursive: true });
    await mkdir(path.join(dir, 'fixtures'), { recursive: true });
    await writeFile(path.join(dir, '.scannerignore'), 'fixtures/\n');
    // A nested ignore file counts as in a scan of the tree (git does not read .scannerignore).
    await mkdir(path.join(dir, 'src', 'legacy'), { recursive: true });
    await writeFile(path.join(dir, 'src', '.scannerignore'), 'legacy/\n');
    mcp = await startMcp({ cwd: dir, env: { SCANNER_SESSION_TIMEOUT_MS: '20000' } });
  });
  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('start → write a vulnerable file → results within 10 s → stop', async () => {
    const start = await callTool(mcp.client, 'scanner_security_assistant', { path: dir });
    assert.equal(start.isError, false, JSON.stringify(start.json));
    assert.deepEqual(start.structured, start.json);
    assert.deepEqual(Object.keys(start.json).sort(), ['message', 'nextSteps', 'sessionId']);
    const session = start.json.sessionId;
    assert.ok(start.json.nextSteps.includes(session), 'nextSteps contains the session id');
    assert.match(start.json.nextSteps, /scanner_security_assistant_results/);
    assert.equal(await readFile(path.join(dir, '.scanner', '.gitignore'), 'utf8'), '*\n');

    const empty = await callTool(mcp.client, 'scanner_security_assistant_results', { session });
    assert.deepEqual(empty.json.response.findings, []);
    assert.deepEqual(empty.json.response.scannedFiles, []);

    // Ignored places do not trigger scans.
    await writeFile(path.join(dir, 'node_modules', 'lib', 'index.js'), `${VULNERABLE_JS_LINE}\n`);
    await writeFile(path.join(dir, 'dist', 'bundle.js'), `${VULNERABLE_JS_LINE}\n`);
    await writeFile(path.join(dir, 'fixtures', 'sample.js'), `${VULNERABLE_JS_LINE}\n`);
    await writeFile(path.join(dir, 'src', 'legacy', 'old.js'), `${VULNERABLE_JS_LINE}\n`);
    const written = Date.now();
    await writeFile(path.join(dir, 'src', 'routes.js'), `const app = require('express')();\n${VULNERABLE_JS_LINE}\n`);

    let results;
    for (;;) {
      results = await callTool(mcp.client, 'scanner_security_assistant_results', { session, wait: 0.5 });
      assert.equal(results.isError, false, JSON.stringify(results.json));
      if (results.json.response.findings.length > 0) break;
      assert.ok(Date.now() - written < 10_000, 'a finding within 10 s of the change');
    }
    assert.deepEqual(results.structured, results.json);
    const { findings, summary, scannedFiles } = results.json.response;
    assert.deepEqual(scannedFiles, ['src/routes.js']);
    assert.equal(findings[0].path, 'src/routes.js');
    assert.equal(findings[0].type, VULNERABLE_TYPE);
    assert.equal(findings[0].range.start.line, 2);
    assert.match(summary, /1 finding/);

    // Fixing the file clears its finding.
    await writeFile(path.join(dir, 'src', 'routes.js'), "const app = require('express')();\napp.get('/x', (req, res) => res.send('ok'));\n");
    const fixed = await callTool(mcp.client, 'scanner_security_assistant_results', { session, wait: 1 });
    assert.deepEqual(fixed.json.response.findings, []);

    await writeFile(path.join(dir, 'src', 'again.js'), `${VULNERABLE_JS_LINE}\n`);
    const stop = await callTool(mcp.client, 'scanner_security_assistant_stop', { session });
    assert.equal(stop.isError, false, JSON.stringify(stop.json));
    assert.deepEqual(Object.keys(stop.json).sort(), ['message', 'nextSteps', 'response']);
    assert.deepEqual(stop.json.response.findings.map((f: any) => f.path), ['src/again.js']);
    assert.equal(typeof stop.json.response.summary, 'string');
    const saved = JSON.parse(await readFile(path.join(dir, '.scanner', 'client', 'sessions', `${session}.json`), 'utf8'));
    assert.equal(saved.state, 'stopped');

    for (const tool of ['scanner_security_assistant_results', 'scanner_security_assistant_stop']) {
      const after = await callTool(mcp.client, tool, { session });
      assert.equal(after.isError, true);
      assert.match(after.json.error, /was stopped.*scanner_security_assistant/);
    }
  });

  it('a deleted file drops its findings', async () => {
    const start = await callTool(mcp.client, 'scanner_security_assistant', { path: dir });
    const session = start.json.sessionId;
    const file = path.join(dir, 'src', 'temp.js');
    await writeFile(file, `${VULNERABLE_JS_LINE}\n`);
    const withFinding = await callTool(mcp.client, 'scanner_security_assistant_results', { session, wait: 1 });
    assert.equal(withFinding.json.response.findings.length, 1);
    await rm(file);
    const without = await callTool(mcp.client, 'scanner_security_assistant_results', { session, wait: 1 });
    assert.deepEqual(without.json.response.findings, []);
    await callTool(mcp.client, 'scanner_security_assistant_stop', { session });
  });
});

describe('scanner mcp: assistant inactivity timeout', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };

  before(async () => {
    tmp = await tempDir('mcp-timeout');
    mcp = await startMcp({ cwd: tmp.dir, env: { SCANNER_SESSION_TIMEOUT_MS: '3000' } });
  });
  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('SCANNER_SESSION_TIMEOUT_MS sets the timeout the server announces', async () => {
    const start = await callTool(mcp.client, 'scanner_security_assistant', { path: tmp.dir });
    assert.match(start.json.nextSteps, /ends by itself after 3 seconds without file changes/);
    await callTool(mcp.client, 'scanner_security_assistant_stop', { session: start.json.sessionId });
  });
});

/** A clock the test moves by hand: timers fire when it passes their time, never by waiting. */
class ManualClock implements SessionClock {
  private at = 1_000_000;
  private timers = new Set<{ due: number; fn: () => void }>();
  now(): number {
    return this.at;
  }
  setTimer(fn: () => void, ms: number): { cancel(): void } {
    const timer = { due: this.at + ms, fn };
    this.timers.add(timer);
    return { cancel: () => this.timers.delete(timer) };
  }
  advance(ms: number): void {
    this.at += ms;
    for (const timer of [...this.timers].sort((a, b) => a.due - b.due)) {
      if (timer.due > this.at) break;
      this.timers.delete(timer);
      timer.fn();
    }
  }
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + 60_000; ; await sleep(100)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`${what}: not within 60 s`);
  }
}

describe('assistant sessions: inactivity timeout on an injected clock', () => {
  let tmp: { dir: string; cleanup(): Promise<void> };
  const clock = new ManualClock();
  const sessions = new AssistantSessions(3000, clock);

  before(async () => {
    tmp = await tempDir('mcp-timeout-clock');
  });
  after(async () => {
    await sessions.closeAll();
    await tmp?.cleanup();
  });

  it('file changes keep the session alive; silence ends it, and results/stop then explain how to start again', async () => {
    // Not a git repository: sessions watch any directory.
    const { sessionId: session } = await sessions.start({ path: tmp.dir });
    // 6 s of activity, longer than the timeout: each change resets it.
    for (let i = 0; i < 3; i++) {
      clock.advance(2000);
      await writeFile(path.join(tmp.dir, `f${i}.js`), `module.exports = ${i};\n`);
      // The watcher has seen the change once it is scanned.
      await eventually(`f${i}.js scanned`, async () => ((await sessions.results({ session })).response.scannedFiles.includes(`f${i}.js`) ? true : undefined));
    }
    const alive = await sessions.results({ session });
    assert.equal(alive.response.scannedFiles.length, 3, 'changes reset the inactivity timer');

    clock.advance(2999);
    await sessions.results({ session });
    clock.advance(1);
    for (const call of [() => sessions.results({ session }), () => sessions.stop({ session })]) {
      await assert.rejects(call(), (error: Error) => {
        assert.ok(error instanceof ToolError);
        assert.match(error.message, /timed out.*no longer available.*scanner_security_assistant \{path\}/);
        return true;
      });
    }
    const saved = await eventually('the ended session saved', async () => {
      const file = path.join(tmp.dir, '.scanner', 'client', 'sessions', `${session}.json`);
      const state = JSON.parse(await readFile(file, 'utf8')) as { state: string };
      return state.state === 'timed_out' ? state : undefined;
    });
    assert.equal(saved.state, 'timed_out');
    assert.ok(existsSync(path.join(tmp.dir, '.scanner', '.gitignore')));
  });
});
