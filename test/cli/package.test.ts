// The package as a user gets it: `npm pack`, installed into an empty folder,
// then `scanner scan`, `scanner mcp` (tools/list) and `scanner connect --print`
// run from there. The tarball holds the compiled code and the rules, not the
// TypeScript sources, so everything here runs dist/.
//
// The tarball is packed from dist/ when it is fresh (`npm test` builds it first),
// otherwise from a build of the sources into a temporary folder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO } from './helpers.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 300_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the packed package, installed into an empty folder', () => {
  let work: string;
  let tarball: string;
  let installed: string;
  let bin: string;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('SCANNER_') || key.startsWith('npm_')) delete env[key];

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'scanner-package-'));
    // A copy of what `files` in package.json names, with dist/ built from the current sources.
    const stage = path.join(work, 'stage');
    mkdirSync(stage);
    for (const entry of ['package.json', 'README.md', 'bin', 'rules', path.join('web', 'dist')]) {
      if (existsSync(path.join(REPO, entry))) cpSync(path.join(REPO, entry), path.join(stage, entry), { recursive: true });
    }
    const dist = path.join(REPO, 'dist');
    const fresh =
      existsSync(path.join(dist, 'cli', 'main.js')) &&
      existsSync(path.join(dist, 'client', 'index.d.ts')) &&
      statSync(path.join(dist, 'cli', 'main.js')).mtimeMs >= newestMtime(path.join(REPO, 'src'));
    if (fresh) cpSync(dist, path.join(stage, 'dist'), { recursive: true });
    else {
      const tsc = await run(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(REPO, 'tsconfig.build.json'), '--outDir', path.join(stage, 'dist')], REPO);
      assert.equal(tsc.code, 0, tsc.stdout + tsc.stderr);
      const types = await run(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(REPO, 'tsconfig.client.json'), '--outDir', path.join(stage, 'dist')], REPO);
      assert.equal(types.code, 0, types.stdout + types.stderr);
      // The rules snapshot sits beside the compiled engine and reads the staged rules
      // (with the checkout's dependencies; npm pack never includes node_modules).
      symlinkSync(path.join(REPO, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
      const snapshot = await run(process.execPath, [path.join(stage, 'dist', 'engine', 'rules', 'write-snapshot.js')], stage);
      assert.equal(snapshot.code, 0, snapshot.stderr);
    }
    const pack = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], stage, env);
    assert.equal(pack.code, 0, pack.stderr);
    tarball = path.join(work, JSON.parse(pack.stdout)[0].filename);

    installed = path.join(work, 'empty-folder');
    mkdirSync(installed);
    writeFileSync(path.join(installed, 'package.json'), '{"name": "uses-scanner", "private": true}\n');
    // Dependencies come from npm's cache when it has them (CI's `npm ci` filled it).
    // Install scripts stay off: nothing this package needs for scan, mcp or connect builds or downloads at install.
    const install = await run(NPM, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], installed, env, 600_000);
    assert.equal(install.code, 0, install.stderr);
    bin = path.join(installed, 'node_modules', '.bin', 'scanner');
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('the tarball holds the compiled code, the rules snapshot and the rules, not the sources or the rule tests', async () => {
    const listing = await run('tar', ['tzf', tarball], work);
    const files = listing.stdout.split('\n');
    for (const file of ['package/bin/scanner.js', 'package/dist/cli/main.js', 'package/dist/mcp/server.js', 'package/dist/rules-snapshot.json', 'package/rules/javascript/sql-injection.yaml']) {
      assert.ok(files.includes(file), `${file} in the tarball`);
    }
    assert.ok(!files.some((f) => f.startsWith('package/src/')), 'no TypeScript sources');
    assert.ok(!files.some((f) => f.startsWith('package/test/')), 'no tests');
    assert.ok(!files.some((f) => /^package\/rules\/.*\.(js|py|go|java)$/.test(f)), 'no rule test files');
    assert.ok(!existsSync(path.join(installed, 'node_modules', 'scanner', 'src')));
  });

  it('npx scanner scan finds a vulnerability and exits 1', async () => {
    const project = path.join(work, 'project');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'app.js'),
      "const app = require('express')();\napp.get('/u', async (req, res) => { await db.query(\"SELECT * FROM users WHERE id = '\" + req.query.id + \"'\"); });\n",
    );
    const scan = await run(NPM, ['exec', '--offline', '--', 'scanner', 'scan', project, '--format', 'json'], installed, env);
    assert.equal(scan.code, 1, scan.stderr);
    const report = JSON.parse(scan.stdout);
    assert.equal(report.findings[0].type, 'SQL_INJECTION');
    assert.equal(report.findings[0].line, 2);
  });

  it('scanner mcp answers tools/list with the seven tools', async () => {
    const transport = new StdioClientTransport({ command: bin, args: ['mcp'], env: env as Record<string, string>, cwd: installed, stderr: 'pipe' });
    const client = new Client({ name: 'package-test', version: '0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 7);
      assert.ok(tools.some((t) => t.name === 'scanner_scan_diff'));
    } finally {
      await client.close();
    }
  });

  it('the typed client is imported as scanner/client, with its type declarations', async () => {
    writeFileSync(
      path.join(installed, 'client.mjs'),
      [
        "import { ScannerClient, ApiRequestError } from 'scanner/client';",
        "const client = new ScannerClient({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'scn_test' });",
        'console.log(typeof client.startCommitScan, typeof client.events, ApiRequestError.name);',
        '',
      ].join('\n'),
    );
    const imported = await run(process.execPath, ['client.mjs'], installed, env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.stdout.trim(), 'function function ApiRequestError');
    // TypeScript finds the declarations through the package's exports.
    writeFileSync(
      path.join(installed, 'client-check.ts'),
      "import { ScannerClient, type Vulnerability } from 'scanner/client';\nconst v: Vulnerability | undefined = undefined;\nexport const started: Promise<{ jobId: string }> = new ScannerClient({ baseUrl: 'x', apiKey: 'y' }).startCommitScan({ repository: 'r', files: [] });\nvoid v;\n",
    );
    const tsc = await run(
      process.execPath,
      [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', 'client-check.ts'],
      installed,
      env,
    );
    assert.equal(tsc.code, 0, tsc.stdout + tsc.stderr);
  });

  it('scanner connect --print names the installed package, run by node from PATH', async () => {
    const connect = await run(bin, ['connect', '--ide', 'cursor', '--print', '--config', path.join(work, 'cursor.json')], installed, env);
    assert.equal(connect.code, 0, connect.stderr);
    const entry = JSON.parse(connect.stdout).mcpServers.scanner;
    assert.equal(entry.command, 'node');
    assert.deepEqual(entry.args, [realpathSync(path.join(installed, 'node_modules', 'scanner', 'bin', 'scanner.js')), 'mcp']);
  });
});
