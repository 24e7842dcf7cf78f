// `scanner connect --ide …` run as a real command against config files in a
// temporary HOME and project directory.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BIN, tempDir } from './helpers.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('scanner connect', () => {
  let tmp: { dir: string; cleanup(): Promise<void> };
  let home: string;
  let project: string;

  const run = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const env: Record<string, string> = {};
      for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('SCANNER_')) env[key] = value;
      env.HOME = home;
      execFile(process.execPath, [BIN, 'connect', ...args], { cwd: project, env }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  before(async () => {
    tmp = await tempDir('connect');
    home = path.join(tmp.dir, 'home');
    project = path.join(tmp.dir, 'project');
    await mkdir(home);
    await mkdir(project);
  });
  after(async () => tmp?.cleanup());

  it('cursor: creates ~/.cursor/mcp.json with the spec shape {command, args, env:{SCANNER_API_KEY}}', async () => {
    const result = await run('--ide', 'cursor', '--api-key', 'sk_test_fake_123', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(result.code, 0, result.stderr);
    const file = path.join(home, '.cursor', 'mcp.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    const entry = config.mcpServers.scanner;
    assert.equal(entry.command, process.execPath);
    assert.deepEqual(entry.args, [BIN, 'mcp']);
    assert.deepEqual(entry.env, { SCANNER_API_KEY: 'sk_test_fake_123', SCANNER_API_URL: 'http://127.0.0.1:7700/api/v1' });
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'a file holding a key is private');
    assert.doesNotMatch(result.stdout, /sk_test_fake_123/, 'the key is not echoed');
  });

  it('windsurf: merges into an existing file, keeps other servers and settings, keeps a backup', async () => {
    const dir = path.join(home, '.codeium', 'windsurf');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'mcp_config.json');
    const before = { theme: 'dark', mcpServers: { other: { command: 'other-server', args: [] }, scanner: { command: 'old' } } };
    await writeFile(file, JSON.stringify(before));
    const result = await run('--ide', 'windsurf');
    assert.equal(result.code, 0, result.stderr);
    const config = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(config.theme, 'dark');
    assert.deepEqual(config.mcpServers.other, before.mcpServers.other);
    assert.deepEqual(config.mcpServers.scanner.args, [BIN, 'mcp']);
    assert.deepEqual(config.mcpServers.scanner.env, {});
    const backups = (await readdir(dir)).filter((f) => f.startsWith('mcp_config.json.bak-'));
    assert.equal(backups.length, 1);
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, backups[0]), 'utf8')), before);
    assert.match(result.stdout, /Previous file kept as/);
  });

  it("vscode: .vscode/mcp.json in the project, VS Code's servers shape with type stdio", async () => {
    const result = await run('--ide', 'vscode', '--api-key', 'sk_test_fake_456');
    assert.equal(result.code, 0, result.stderr);
    const config = JSON.parse(await readFile(path.join(project, '.vscode', 'mcp.json'), 'utf8'));
    assert.deepEqual(config.servers.scanner, { type: 'stdio', command: process.execPath, args: [BIN, 'mcp'], env: { SCANNER_API_KEY: 'sk_test_fake_456' } });
    assert.equal(config.mcpServers, undefined);
    assert.match(result.stderr, /keep it out of version control/);
  });

  it('claude: .mcp.json in the project with mcpServers', async () => {
    const result = await run('--ide', 'claude');
    assert.equal(result.code, 0, result.stderr);
    const config = JSON.parse(await readFile(path.join(project, '.mcp.json'), 'utf8'));
    assert.deepEqual(config.mcpServers.scanner.args, [BIN, 'mcp']);
  });

  it('refuses to overwrite a file it cannot parse, and leaves it as it was', async () => {
    const file = path.join(tmp.dir, 'broken.json');
    const text = '{ "mcpServers": { // a comment\n } ';
    await writeFile(file, text);
    const result = await run('--ide', 'cursor', '--config', file);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /not valid JSON.*not touching it/);
    assert.equal(await readFile(file, 'utf8'), text);
    assert.equal((await readdir(tmp.dir)).filter((f) => f.startsWith('broken.json.bak')).length, 0);
  });

  it('refuses a file whose mcpServers is not an object', async () => {
    const file = path.join(tmp.dir, 'odd.json');
    await writeFile(file, '{"mcpServers": []}');
    const result = await run('--ide', 'cursor', '--config', file);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /"mcpServers" .* is not an object/);
  });

  it('--print shows the merged configuration and writes nothing', async () => {
    const file = path.join(tmp.dir, 'print.json');
    await writeFile(file, '{"mcpServers": {"keep": {"command": "x", "args": []}}}');
    const result = await run('--ide', 'cursor', '--config', file, '--print', '--api-key', 'sk_test_fake_789');
    assert.equal(result.code, 0, result.stderr);
    const printed = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(printed.mcpServers).sort(), ['keep', 'scanner']);
    assert.equal(printed.mcpServers.scanner.env.SCANNER_API_KEY, 'sk_test_fake_789');
    assert.equal(await readFile(file, 'utf8'), '{"mcpServers": {"keep": {"command": "x", "args": []}}}');
  });

  it('refuses --api-url without a key (the server would not start)', async () => {
    const result = await run('--ide', 'cursor', '--api-url', 'http://127.0.0.1:7700/api/v1', '--print');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /also needs --api-key/);
  });

  it('rejects an unknown IDE with a usage error', async () => {
    const result = await run('--ide', 'emacs');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /cursor, vscode, claude, windsurf/);
  });
});
