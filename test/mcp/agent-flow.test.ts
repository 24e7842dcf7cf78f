// The recommended agent flow (spec section 4, behaviour 5) on a real git
// repository: status latest → edit → diff scan → poll → finding on the right
// line → full scan → poll → report; and `latest` after a server restart.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { callTool, git, makeRepo, sleep, startMcp, tempDir, VULNERABLE_CWE, VULNERABLE_JS_LINE, VULNERABLE_TYPE, type McpHandle } from './helpers.ts';

/** Polls like a test may (faster than an agent should), checking the backoff the server asks for. */
async function pollUntilReady(mcp: McpHandle, repo: string, scanId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const hints: number[] = [];
  for (;;) {
    const status = await callTool(mcp.client, 'scanner_status', { repo, scan_id: scanId });
    assert.equal(status.isError, false, JSON.stringify(status.json));
    assert.deepEqual(status.structured, status.json);
    if (status.json.ready) return { status: status.json, hints };
    assert.deepEqual(Object.keys(status.json).sort(), ['poll_after_ms', 'ready']);
    hints.push(status.json.poll_after_ms);
    if (Date.now() > deadline) assert.fail(`scan ${scanId} not ready after ${timeoutMs} ms`);
    await sleep(250);
  }
}

describe('scanner mcp: the recommended agent flow on a real repository', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };
  let repo: string;
  let diffScanId: string;

  before(async () => {
    tmp = await tempDir('mcp-flow');
    repo = tmp.dir;
    await makeRepo(repo);
    // This suite follows the polling path: a diff scan never answers inline here.
    mcp = await startMcp({ cwd: repo, env: { SCANNER_DIFF_WAIT_MS: '0' } });
  });
  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('status latest at the start', async () => {
    const status = await callTool(mcp.client, 'scanner_status', { repo, latest: true });
    assert.equal(status.json.ready, true);
    assert.deepEqual(status.json.findings, []);
  });

  it('diff scan after adding a vulnerable line answers at once; polling finds it on that line', async () => {
    const appFile = path.join(repo, 'src', 'app.js');
    const before = await readFile(appFile, 'utf8');
    await appendFile(appFile, `${VULNERABLE_JS_LINE}\n`);
    const vulnerableLine = before.split('\n').length; // the appended line's 1-based number
    // An untracked file is part of the diff too; an ignored one is not.
    await writeFile(path.join(repo, 'src', 'util.js'), 'module.exports = (a, b) => a + b;\n');

    const started = Date.now();
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo });
    const answeredMs = Date.now() - started;
    assert.equal(handle.isError, false, JSON.stringify(handle.json));
    assert.deepEqual(handle.structured, handle.json);
    assert.deepEqual(Object.keys(handle.json).sort(), ['eta_ms', 'next_hint', 'queued', 'scan_id', 'summary']);
    assert.equal(handle.json.queued, true);
    assert.deepEqual(handle.json.summary, { files_considered: 2, mode: 'diff' });
    assert.ok(handle.json.eta_ms > 0);
    assert.match(handle.json.next_hint, /scanner_status/);
    assert.ok(answeredMs < 5000, `answered in ${answeredMs} ms`);
    diffScanId = handle.json.scan_id;

    const { status, hints } = await pollUntilReady(mcp, repo, diffScanId);
    if (hints.length > 0) assert.equal(hints[0], 5000, 'first poll after 5 s');
    for (let i = 1; i < hints.length; i++) assert.ok(hints[i] >= hints[i - 1] && hints[i] <= 30_000);
    const injection = status.findings.find((f: any) => f.type === VULNERABLE_TYPE);
    assert.ok(injection, `${VULNERABLE_TYPE} expected in ${JSON.stringify(status.findings)}`);
    assert.equal(injection.path, 'src/app.js');
    assert.equal(injection.range.start.line, vulnerableLine);
    assert.ok(injection.range.start.col >= 1);
    assert.match(injection.id, /^vuln_/);
    assert.ok(['critical', 'high'].includes(injection.severity));
    assert.ok(injection.description.length > 0);
    assert.ok(injection.cwe.includes(VULNERABLE_CWE));
    assert.ok(injection.remediation.length > 0);
    assert.match(status.next_hint, /scanner_scan_diff/);
  });

  it('status latest gives that scan; .scanner holds the state and ignores itself', async () => {
    const status = await callTool(mcp.client, 'scanner_status', { repo, latest: true });
    assert.equal(status.json.ready, true);
    assert.ok(status.json.findings.some((f: any) => f.type === VULNERABLE_TYPE));
    assert.equal(await readFile(path.join(repo, '.scanner', '.gitignore'), 'utf8'), '*\n');
    assert.ok(existsSync(path.join(repo, '.scanner', 'client', 'scans', `${diffScanId}.json`)));
    assert.equal(git(repo, 'status', '--porcelain', '--', '.scanner'), '', 'nothing under .scanner shows up in git');
  });

  it('paths limits the diff scan', async () => {
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo, paths: ['src/util*.js'] });
    assert.deepEqual(handle.json.summary, { files_considered: 1, mode: 'diff' });
    const { status } = await pollUntilReady(mcp, repo, handle.json.scan_id);
    assert.deepEqual(status.findings, []);
  });

  it('diff against an older commit includes committed changes', async () => {
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'add a route');
    const clean = await callTool(mcp.client, 'scanner_scan_diff', { repo });
    assert.equal(clean.json.summary.files_considered, 0);
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo, since: 'HEAD~1' });
    assert.equal(handle.json.summary.files_considered, 2);
    const { status } = await pollUntilReady(mcp, repo, handle.json.scan_id);
    assert.ok(status.findings.some((f: any) => f.type === VULNERABLE_TYPE));
  });

  let fullScanId: string;
  it('full scan: working tree plus history secrets, then report', async () => {
    // A secret committed and removed again lives only in history.
    const awsKey = ['AKIA', 'ZQ3XJ7KD5NPW2RTY'].join(''); // fake, AWS-shaped
    await writeFile(path.join(repo, 'config.js'), `module.exports = { awsAccessKeyId: '${awsKey}', awsSecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8x3lT5Fa' };\n`);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'config');
    git(repo, 'rm', '-q', 'config.js');
    git(repo, 'commit', '-q', '-m', 'remove config');

    const handle = await callTool(mcp.client, 'scanner_full_scan', { repo });
    assert.equal(handle.isError, false, JSON.stringify(handle.json));
    assert.deepEqual(Object.keys(handle.json).sort(), ['eta_ms', 'next_hint', 'queued', 'scan_id']);
    assert.match(handle.json.next_hint, /on this machine .*scanner_status/);
    assert.equal(handle.json.queued, true);
    assert.ok(handle.json.eta_ms > 0);
    fullScanId = handle.json.scan_id;
    const { status } = await pollUntilReady(mcp, repo, fullScanId);
    assert.ok(status.findings.some((f: any) => f.type === VULNERABLE_TYPE && f.path === 'src/app.js'));
    const secret = status.findings.find((f: any) => f.type === 'HARDCODED_SECRET' && f.path === 'config.js');
    assert.ok(secret, `history secret expected in ${JSON.stringify(status.findings.map((f: any) => [f.type, f.path]))}`);
    assert.match(secret.commit, /^[0-9a-f]{40}$/);
    assert.match(status.next_hint, /scanner_report/);

    const report = await callTool(mcp.client, 'scanner_report', { repo, scan_id: fullScanId });
    assert.equal(report.isError, false, JSON.stringify(report.json));
    assert.deepEqual(Object.keys(report.json), ['report']);
    const markdown: string = report.json.report;
    assert.match(markdown, /^# /);
    assert.match(markdown, /critical|high/i);
    assert.match(markdown, /src\/app\.js/);
    assert.match(markdown, /config\.js/);
    assert.match(markdown, new RegExp(`CWE-${VULNERABLE_CWE}`));
    assert.match(markdown, /https?:\/\//, 'reference links');
    assert.doesNotMatch(markdown, new RegExp(awsKey), 'secrets are masked in the report');
  });

  it('latest survives a restart of the MCP server', async () => {
    await mcp.close();
    mcp = await startMcp({ cwd: repo, env: { SCANNER_DIFF_WAIT_MS: '0' } });
    const status = await callTool(mcp.client, 'scanner_status', { repo, latest: true });
    assert.equal(status.json.ready, true);
    assert.ok(status.json.findings.some((f: any) => f.type === 'HARDCODED_SECRET'));
    const report = await callTool(mcp.client, 'scanner_report', { repo, scan_id: fullScanId });
    assert.equal(report.isError, false);
  });
});

describe('scanner mcp: a diff scan that finishes within its budget answers with its findings', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };

  before(async () => {
    tmp = await tempDir('mcp-inline');
    await makeRepo(tmp.dir);
    // A generous budget keeps the test deterministic on a busy machine; the default is 1 s.
    mcp = await startMcp({ cwd: tmp.dir, env: { SCANNER_DIFF_WAIT_MS: '60000' } });
  });
  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('ready: true, queued: false and the findings in the answer; status agrees', async () => {
    await appendFile(path.join(tmp.dir, 'src', 'app.js'), `${VULNERABLE_JS_LINE}\n`);
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo: tmp.dir });
    assert.equal(handle.isError, false, handle.text);
    assert.equal(handle.json.ready, true);
    assert.equal(handle.json.queued, false);
    assert.equal(handle.json.eta_ms, 0);
    assert.deepEqual(handle.json.summary, { files_considered: 1, mode: 'diff' });
    assert.equal(handle.json.total_findings, 1);
    assert.equal(handle.json.findings[0].type, VULNERABLE_TYPE);
    assert.doesNotMatch(handle.json.next_hint, /Call scanner_status/);
    const status = await callTool(mcp.client, 'scanner_status', { repo: tmp.dir, scan_id: handle.json.scan_id });
    assert.deepEqual(status.json.findings, handle.json.findings);
  });
});
