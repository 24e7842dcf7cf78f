// Remote mode against a real `scanner serve` on loopback, with a git host
// standing in for GitHub and a GitLab: diff scans go out as POST /commit, full
// scans as POST /git with origin's URL (the service decides which hosts it
// clones from), status reads GET /jobs; the service's refusals (400 for a host
// it does not clone from, 401, 403, 429) and its absence become tool errors.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ScannerClient } from '../../src/client/index.ts';
import { createRepository, freePort, startGitHost, type GitHost } from '../service/harness.ts';
import { BIN, callTool, git, makeRepo, sleep, startMcp, tempDir, type McpHandle } from './helpers.ts';

const PLANS = {
  free: { scansPerPeriod: 1000, concurrentScans: 50, requestsPerMinute: 100_000, maxRepoBytes: 50 << 20, maxCommitPayloadBytes: 1 << 20, maxCommitFiles: 100 },
  single: { scansPerPeriod: 1, concurrentScans: 50, requestsPerMinute: 100_000, maxRepoBytes: 50 << 20, maxCommitPayloadBytes: 1 << 20, maxCommitFiles: 100 },
  slow: { scansPerPeriod: 1000, concurrentScans: 50, requestsPerMinute: 2, maxRepoBytes: 50 << 20, maxCommitPayloadBytes: 1 << 20, maxCommitFiles: 100 },
};

function cliEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('SCANNER_') && key !== 'DATABASE_URL') env[key] = value;
  return { ...env, ...extra };
}

function createKey(env: Record<string, string>, dataDir: string, plan: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, 'keys', 'create', '--name', `mcp-${plan}`, '--plan', plan, '--json', '--data-dir', dataDir, '--create-database'], { env }, (error, stdout, stderr) => {
      if (error) reject(new Error(`keys create: ${stderr}`));
      else resolve(JSON.parse(stdout).key);
    });
  });
}

async function pollReady(mcp: McpHandle, repo: string, scanId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await callTool(mcp.client, 'scanner_status', { repo, scan_id: scanId });
    assert.equal(status.isError, false, JSON.stringify(status.json));
    if (status.json.ready) return status.json;
    assert.ok(status.json.poll_after_ms >= 5000);
    if (Date.now() > deadline) assert.fail(`remote scan ${scanId} not ready in time`);
    await sleep(300);
  }
}

describe('scanner mcp: remote mode against scanner serve', () => {
  let tmp: { dir: string; cleanup(): Promise<void> };
  let gitHost: GitHost;
  let serve: ChildProcess | undefined;
  let serveLog = '';
  let apiUrl: string;
  let env: Record<string, string>;
  let keys: Record<keyof typeof PLANS, string>;
  let repo: string;
  let mcp: McpHandle | undefined;

  // No SCANNER_GITHUB_URL: which hosts the service clones from is the service's configuration alone.
  const remoteEnv = (key: string) => ({ SCANNER_API_URL: apiUrl, SCANNER_API_KEY: key });

  before(async () => {
    tmp = await tempDir('mcp-remote');
    gitHost = await startGitHost();
    createRepository(gitHost.root, 'acme/app');
    repo = path.join(tmp.dir, 'app');
    // Not execFileSync: the git host answers from this very process.
    await new Promise<void>((resolve, reject) =>
      execFile('git', ['clone', '-q', `${gitHost.url}/acme/app.git`, repo], (error) => (error ? reject(error) : resolve())),
    );
    git(repo, 'config', 'user.name', 'Test');
    git(repo, 'config', 'user.email', 't@example.invalid');

    const configFile = path.join(tmp.dir, 'service.json');
    // The git host is GitHub (SCANNER_GITHUB_URL below) and, under /gitlab, a GitLab.
    await writeFile(configFile, JSON.stringify({ plans: PLANS, defaultPlan: 'free', hosts: [{ kind: 'gitlab', url: `${gitHost.url}/gitlab`, allowHttp: true }] }));
    const dataDir = path.join(tmp.dir, 'server');
    env = cliEnv({ SCANNER_CONFIG: configFile, SCANNER_GITHUB_URL: gitHost.url, SCANNER_LOG_LEVEL: 'warn' });
    keys = {
      free: await createKey(env, dataDir, 'free'),
      single: await createKey(env, dataDir, 'single'),
      slow: await createKey(env, dataDir, 'slow'),
    };
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}/api/v1`;
    serve = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    serve.stdout?.on('data', (d) => (serveLog += String(d)));
    serve.stderr?.on('data', (d) => (serveLog += String(d)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`${apiUrl}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`scanner serve did not start: ${serveLog}`);
      await sleep(200);
    }
  });

  after(async () => {
    await mcp?.close();
    if (serve && serve.exitCode === null) {
      serve.kill('SIGTERM');
      await new Promise((resolve) => serve!.once('exit', resolve));
    }
    await gitHost?.stop();
    await tmp?.cleanup();
  });

  it('diff scan → POST /commit, status → GET /jobs, finding on the changed line', async () => {
    mcp = await startMcp({ cwd: repo, env: remoteEnv(keys.free) });
    const file = path.join(repo, 'src', 'search.js');
    await writeFile(
      file,
      "const db = require('./db');\nmodule.exports = (req, res) => db.query(\"SELECT * FROM t WHERE a = '\" + req.query.a + \"'\");\n",
    );
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo });
    assert.equal(handle.isError, false, JSON.stringify(handle.json));
    assert.deepEqual(handle.json.summary, { files_considered: 1, mode: 'diff' });
    const status = await pollReady(mcp, repo, handle.json.scan_id);
    const finding = status.findings.find((f: any) => f.path === 'src/search.js');
    assert.ok(finding, JSON.stringify(status.findings));
    assert.equal(finding.type, 'SQL_INJECTION');
    assert.equal(finding.range.start.line, 2);
    assert.match(finding.id, /^vuln_/);

    const jobs = await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs();
    assert.ok(jobs.jobs.some((j) => j.kind === 'commit' && j.status === 'completed'), 'the service ran a commit job');
  });

  it('a diff scan labels the repository with origin\'s URL without its credentials', async () => {
    const tokenRepo = path.join(tmp.dir, 'with-token');
    await mkdir(tokenRepo);
    git(tokenRepo, 'init', '-q', '-b', 'main');
    git(tokenRepo, 'commit', '-q', '--allow-empty', '-m', 'start');
    git(tokenRepo, 'remote', 'add', 'origin', 'https://ci:ghp_notARealTokenForTheTest000000000000000@git.example.invalid/acme/private.git');
    await writeFile(path.join(tokenRepo, 'app.js'), 'module.exports = (req, res) => res.send(req.query.q);\n');
    const tokenMcp = await startMcp({ cwd: tokenRepo, env: remoteEnv(keys.free) });
    try {
      const handle = await callTool(tokenMcp.client, 'scanner_scan_diff', { repo: tokenRepo });
      assert.equal(handle.isError, false, JSON.stringify(handle.json));
      await pollReady(tokenMcp, tokenRepo, handle.json.scan_id);
    } finally {
      await tokenMcp.close();
    }
    const jobs = await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs({ limit: 100 });
    assert.ok(jobs.jobs.some((j) => j.repository === 'https://git.example.invalid/acme/private.git'), JSON.stringify(jobs.jobs.map((j) => j.repository)));
    assert.doesNotMatch(JSON.stringify(jobs), /ghp_notARealToken/);
    assert.doesNotMatch(serveLog, /ghp_notARealToken/);
  });

  it('full scan of a repository on the configured host → POST /github (tree and history), then report', async () => {
    const handle = await callTool(mcp!.client, 'scanner_full_scan', { repo });
    assert.equal(handle.isError, false, JSON.stringify(handle.json));
    const status = await pollReady(mcp!, repo, handle.json.scan_id);
    assert.ok(status.findings.some((f: any) => f.type === 'SQL_INJECTION' && f.path === 'src/users.js'), JSON.stringify(status.findings));
    const secret = status.findings.find((f: any) => f.type === 'HARDCODED_SECRET' && f.path === 'config.js');
    assert.ok(secret, 'the secret only in history is found');
    assert.match(secret.commit, /^[0-9a-f]{40}$/);
    const jobs = await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs();
    assert.ok(jobs.jobs.some((j) => j.kind === 'github' && j.repository === 'acme/app'));
    const report = await callTool(mcp!.client, 'scanner_report', { repo, scan_id: handle.json.scan_id });
    assert.equal(report.isError, false, JSON.stringify(report.json));
    assert.match(report.json.report, /src\/users\.js/);

    // Triage on the service after the scan: status flags the dismissed finding and lists it after the open ones.
    const job = jobs.jobs.find((j) => j.kind === 'github' && j.repository === 'acme/app')!;
    const sql = status.findings.find((f: any) => f.type === 'SQL_INJECTION' && f.path === 'src/users.js');
    assert.equal(sql.dismissed, undefined);
    const dismissal = `${apiUrl}/jobs/${job.jobId}/findings/${sql.id}/dismissal`;
    const headers = { 'x-api-key': keys.free, 'content-type': 'application/json' };
    const put = await fetch(dismissal, { method: 'PUT', headers, body: JSON.stringify({ status: 'false_positive', reason: 'the query is built from a constant' }) });
    assert.equal(put.status, 200, await put.text());
    const triaged = await callTool(mcp!.client, 'scanner_status', { repo, scan_id: handle.json.scan_id });
    assert.equal(triaged.isError, false, JSON.stringify(triaged.json));
    const flagged = triaged.json.findings.find((f: any) => f.id === sql.id);
    assert.equal(flagged.dismissed.status, 'false_positive');
    assert.equal(flagged.dismissed.reason, 'the query is built from a constant');
    assert.match(flagged.dismissed.by, /^key:/);
    assert.equal(triaged.json.findings.at(-1).id, sql.id, 'listed after the open findings');
    assert.ok(triaged.json.findings.filter((f: any) => f.id !== sql.id).every((f: any) => !f.dismissed));
    assert.match(triaged.text, new RegExp(`\\[dismissed: false_positive\\] SQL_INJECTION src/users\\.js:.*\\(${sql.id}\\)`));
    assert.match(triaged.json.next_hint, /1 of them was dismissed on the scanning service/);
    // Reopened on the service: the flag goes.
    assert.equal((await fetch(dismissal, { method: 'DELETE', headers: { 'x-api-key': keys.free } })).status, 200);
    const reopened = await callTool(mcp!.client, 'scanner_status', { repo, scan_id: handle.json.scan_id });
    assert.equal(reopened.json.findings.find((f: any) => f.id === sql.id).dismissed, undefined);
    assert.doesNotMatch(reopened.json.next_hint, /dismissed/);
    await mcp!.close();
    mcp = undefined;
  });

  it('full scan of a repository on another configured host (a GitLab) → POST /git with origin\'s URL', async () => {
    createRepository(gitHost.root, 'gitlab/acme/tools/app');
    const gitlabRepo = path.join(tmp.dir, 'gitlab-app');
    const origin = `${gitHost.url}/gitlab/acme/tools/app.git`;
    await new Promise<void>((resolve, reject) => execFile('git', ['clone', '-q', origin, gitlabRepo], (error) => (error ? reject(error) : resolve())));
    const onGitlab = await startMcp({ cwd: gitlabRepo, env: remoteEnv(keys.free) });
    try {
      const handle = await callTool(onGitlab.client, 'scanner_full_scan', { repo: gitlabRepo });
      assert.equal(handle.isError, false, JSON.stringify(handle.json));
      assert.match(handle.json.next_hint, new RegExp(`^The scanning service at \\S+ clones ${origin.replace(/[.]/g, '\\.')} and scans it`));
      const status = await pollReady(onGitlab, gitlabRepo, handle.json.scan_id);
      assert.ok(status.findings.some((f: any) => f.type === 'SQL_INJECTION' && f.path === 'src/users.js'), JSON.stringify(status.findings));
      const jobs = await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs({ limit: 100 });
      assert.ok(
        jobs.jobs.some((j) => j.kind === 'github' && j.repository === `${gitHost.url}/gitlab/acme/tools/app` && j.status === 'completed'),
        JSON.stringify(jobs.jobs.map((j) => [j.kind, j.repository, j.status])),
      );
    } finally {
      await onGitlab.close();
    }
  });

  it('full scan of a repository on a host the service does not clone from: a tool error that says so and what to do', async () => {
    // origin: https://ci:<token>@git.example.invalid/acme/private.git (from the diff-scan test above).
    const tokenRepo = path.join(tmp.dir, 'with-token');
    const other = await startMcp({ cwd: tokenRepo, env: remoteEnv(keys.free) });
    try {
      const before = (await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs({ limit: 100 })).jobs.length;
      const answer = await callTool(other.client, 'scanner_full_scan', { repo: tokenRepo });
      assert.equal(answer.isError, true, JSON.stringify(answer.json));
      assert.match(
        answer.json.error,
        /^The scanning service at \S+ cannot clone this repository's origin https:\/\/git\.example\.invalid\/acme\/private\.git: must be a repository on a configured git host \(.*\/gitlab\)\. Its operator can add the host .*unset SCANNER_API_URL/,
      );
      assert.doesNotMatch(answer.json.error, /ghp_notARealToken|\(400\)/);
      assert.doesNotMatch(serveLog, /ghp_notARealToken/);
      const after = (await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs({ limit: 100 })).jobs.length;
      assert.equal(after, before, 'no job was started');
    } finally {
      await other.close();
    }
  });

  it('full scan of a repository without an origin runs locally', async () => {
    const local = path.join(tmp.dir, 'local');
    await mkdir(local);
    await makeRepo(local);
    const other = await startMcp({ cwd: local, env: remoteEnv(keys.free) });
    try {
      const before = (await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs()).jobs.length;
      const handle = await callTool(other.client, 'scanner_full_scan', { repo: local });
      assert.equal(handle.isError, false, JSON.stringify(handle.json));
      assert.match(handle.json.next_hint, /^Scanned locally, not on the scanning service: the repository has no origin the service could clone/);
      const status = await pollReady(other, local, handle.json.scan_id);
      assert.deepEqual(status.findings, []);
      const after = (await new ScannerClient({ baseUrl: apiUrl, apiKey: keys.free }).listJobs()).jobs.length;
      assert.equal(after, before, 'no job was sent to the service');
    } finally {
      await other.close();
    }
  });

  it('401: a wrong key is a tool error naming SCANNER_API_KEY', async () => {
    const bad = await startMcp({ cwd: repo, env: remoteEnv('sk_not_a_real_key') });
    try {
      await appendFile(path.join(repo, 'src', 'search.js'), '// touch\n');
      const answer = await callTool(bad.client, 'scanner_scan_diff', { repo });
      assert.equal(answer.isError, true);
      assert.match(answer.json.error, /rejected the API key \(401\).*SCANNER_API_KEY/);
    } finally {
      await bad.close();
    }
  });

  it('403: a used-up plan is a tool error about the subscription limit', async () => {
    const limited = await startMcp({ cwd: repo, env: remoteEnv(keys.single) });
    try {
      const first = await callTool(limited.client, 'scanner_scan_diff', { repo });
      assert.equal(first.isError, false, JSON.stringify(first.json));
      await pollReady(limited, repo, first.json.scan_id);
      const second = await callTool(limited.client, 'scanner_scan_diff', { repo });
      assert.equal(second.isError, true);
      assert.match(second.json.error, /subscription limit.*\(403\)/);
    } finally {
      await limited.close();
    }
  });

  it('429: the rate limit is a tool error with the Retry-After delay', async () => {
    const slow = await startMcp({ cwd: repo, env: remoteEnv(keys.slow) });
    try {
      let answer;
      for (let i = 0; i < 4; i++) {
        answer = await callTool(slow.client, 'scanner_scan_diff', { repo });
        if (answer.isError) break;
      }
      assert.equal(answer!.isError, true);
      assert.match(answer!.json.error, /rate limiting this key \(429\).*Retry after \d+ s/);
    } finally {
      await slow.close();
    }
  });

  it('a service URL without /api/v1 is a tool error that says how to fix SCANNER_API_URL, not "another key"', async () => {
    const root = apiUrl.replace(/\/api\/v1$/, '');
    const wrong = await startMcp({ cwd: repo, env: { ...remoteEnv(keys.free), SCANNER_API_URL: root } });
    try {
      await appendFile(path.join(repo, 'src', 'search.js'), '// touch again\n');
      const answer = await callTool(wrong.client, 'scanner_scan_diff', { repo });
      assert.equal(answer.isError, true);
      assert.match(answer.json.error, /has no such API route \(404\).*SCANNER_API_URL must be the service's API root, ending in \/api\/v1/);
      assert.ok(answer.json.error.includes(`(e.g. ${apiUrl})`), answer.json.error);
      assert.doesNotMatch(answer.json.error, /another key/);
    } finally {
      await wrong.close();
    }
  });

  it('an unreachable service is a tool error after retries with backoff', async () => {
    serve!.kill('SIGTERM');
    await new Promise((resolve) => serve!.once('exit', resolve));
    const orphan = await startMcp({ cwd: repo, env: remoteEnv(keys.free) });
    try {
      const answer = await callTool(orphan.client, 'scanner_scan_diff', { repo });
      assert.equal(answer.isError, true);
      assert.match(answer.json.error, /Cannot reach the scanning service.*after 4 attempts/);
    } finally {
      await orphan.close();
    }
  });
});
