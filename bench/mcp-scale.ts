// The MCP flow on a real repository of ≥100k lines, as an agent runs it:
//  - scanner_scan_diff after a one-file change: answer time, and whether the
//    findings came inline (ready: true, target < 1 s);
//  - scanner_full_scan: eta_ms against the real time (target within 2×), with an
//    empty calibration (a machine's first scan), then on a second clone with the
//    first scan's timings, then a re-scan after one new commit;
//  - the poll_after_ms an agent is told while it waits;
//  - the size of scanner_status's default answer (target < 32 KB) and of
//    scanner_report (target < 60,000 characters).
// Usage: node --import tsx bench/mcp-scale.ts [--repo ../real-code/outline] [--timings DIR] [--once]
// The repository is cloned into a temporary folder (nothing is written to it).
// --timings keeps the machine's scan timings in DIR across runs (default: a fresh,
// empty folder, so the first full scan is uncalibrated); --once runs one full scan.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { printUsage } from './lib/script.ts';

const { values } = parseArgs({
  options: { repo: { type: 'string', default: '../real-code/outline' }, timings: { type: 'string' }, once: { type: 'boolean' }, help: { type: 'boolean' } },
});
if (values.help) printUsage(import.meta.url);
const SOURCE = path.resolve(values.repo!);
const BIN = fileURLToPath(new URL('../bin/scanner.js', import.meta.url));
const VULNERABLE = "app.get('/x', async (req, res) => { await db.query(\"SELECT * FROM t WHERE a = '\" + req.query.a + \"'\"); });";

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'b@example.invalid', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'b@example.invalid' },
  });
}

interface Answer {
  json: any;
  bytes: number;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0].text;
  if (result.isError) throw new Error(`${name}: ${text}`);
  return { json: result.structuredContent ?? JSON.parse(text), bytes: Buffer.byteLength(JSON.stringify(result)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function startServer(cwd: string, cacheHome: string): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('SCANNER_')) env[k] = v;
  env.XDG_CACHE_HOME = cacheHome;
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, cwd, stderr: 'inherit' }));
  return client;
}

/** A full scan followed as an agent would: wait poll_after_ms between status calls. */
async function fullScan(client: Client, repo: string, label: string) {
  const t0 = performance.now();
  const handle = await call(client, 'scanner_full_scan', { repo });
  const polls: number[] = [];
  let status: Answer;
  for (;;) {
    const wait = polls.length === 0 ? 5_000 : polls[polls.length - 1];
    await sleep(wait);
    status = await call(client, 'scanner_status', { repo, scan_id: handle.json.scan_id });
    if (status.json.ready) break;
    polls.push(status.json.poll_after_ms);
  }
  const agentMs = performance.now() - t0;
  const record = JSON.parse(await readFile(path.join(repo, '.scanner', 'client', 'scans', `${handle.json.scan_id}.json`), 'utf8'));
  const realMs = Date.parse(record.finishedAt) - Date.parse(record.createdAt);
  const ratio = Math.max(handle.json.eta_ms, realMs) / Math.max(1, Math.min(handle.json.eta_ms, realMs));
  console.log(
    `${label}: eta_ms ${handle.json.eta_ms} (${seconds(handle.json.eta_ms)}), real ${seconds(realMs)} (tree ${seconds(record.summary.treeMs)}, ` +
      `history ${seconds(record.summary.historyMs)}, ${record.summary.historyCommits} commits), off by ${ratio.toFixed(2)}×; ` +
      `agent done after ${seconds(agentMs)}, poll_after_ms ${polls.join(', ') || '—'}`,
  );
  console.log(`  ${handle.json.next_hint}`);
  return { handle, status: status!, realMs, ratio };
}

const work = await mkdtemp(path.join(os.tmpdir(), 'scanner-mcp-scale-'));
try {
  const first = path.join(work, 'first');
  const second = path.join(work, 'second');
  for (const clone of values.once ? [first] : [first, second]) git(work, 'clone', '-q', '--no-hardlinks', SOURCE, clone);
  // A working repository's index has been refreshed by earlier git commands; a fresh
  // clone's "racily clean" entries make the first `git status` hash every file.
  for (const clone of values.once ? [first] : [first, second]) git(clone, 'status', '--porcelain');
  const files = git(first, 'ls-files').split('\n').filter(Boolean).length;
  const commits = git(first, 'rev-list', '--all', '--count').trim();
  console.log(`repository: ${path.basename(SOURCE)}, ${files} tracked files, ${commits} commits`);

  // A machine that never scanned (an empty calibration), unless --timings names one.
  const cacheHome = values.timings ? path.resolve(values.timings) : path.join(work, 'cache-home');
  let client = await startServer(first, cacheHome);
  const latest = await call(client, 'scanner_status', { repo: first, latest: true });
  console.log(`status latest before any scan: scanned=${latest.json.scanned}, ${latest.json.next_hint.slice(0, 60)}…`);

  // A new module with a vulnerable route, whatever the repository's language.
  const target = 'bench-route.js';
  await appendFile(path.join(first, target), `const app = require('express')();\n${VULNERABLE}\n`);
  // Give the engine the moment after the handshake an IDE gives it.
  await sleep(3_000);
  for (let run = 1; run <= 3; run++) {
    const t0 = performance.now();
    const diff = await call(client, 'scanner_scan_diff', { repo: first });
    const ms = performance.now() - t0;
    console.log(
      `diff scan ${run} (${target}): answered in ${ms.toFixed(0)} ms, ready=${diff.json.ready === true}, findings ${diff.json.findings?.length ?? '—'}, ${diff.bytes} bytes`,
    );
    await appendFile(path.join(first, target), `// edit ${run}\n`);
  }
  await rm(path.join(first, target));

  const cold = await fullScan(client, first, values.timings ? `full scan (timings in ${values.timings})` : 'full scan, no calibration yet');
  const report = await call(client, 'scanner_report', { repo: first, scan_id: cold.handle.json.scan_id });
  console.log(
    `scanner_status default answer: ${cold.status.bytes} bytes (${cold.status.json.findings.length} of ${cold.status.json.total_findings} findings); ` +
      `scanner_report: ${report.json.report.length} characters`,
  );
  const everything = await call(client, 'scanner_status', { repo: first, scan_id: cold.handle.json.scan_id, limit: 200, detail: 'full' });
  console.log(`scanner_status limit 200, detail full: ${everything.bytes} bytes`);
  await client.close();
  if (!values.once) {

    // Another clone of the same size on the same machine: the estimate uses the first scan's timings.
    client = await startServer(second, cacheHome);
    const calibrated = await fullScan(client, second, 'full scan, calibrated by the first');
    await appendFile(path.join(second, target), '// one more commit\n');
    git(second, 'add', target);
    git(second, 'commit', '-q', '-m', 'one more commit');
    const rescan = await fullScan(client, second, 're-scan after one new commit');
    await client.close();

    console.log('');
    console.log(`eta_ms off by: ${cold.ratio.toFixed(2)}× (no calibration), ${calibrated.ratio.toFixed(2)}× (calibrated), ${rescan.ratio.toFixed(2)}× (re-scan); target ≤ 2×`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
