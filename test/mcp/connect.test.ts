// `scanner connect --ide …` run as a real command against config files in a
// temporary HOME and project directory.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { BIN, tempDir } from './helpers.ts';
import { launcher } from '../../src/cli/connect.ts';

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

  it('cursor: creates ~/.cursor/mcp.json with {command, args, env}; the key is a ${env:…} reference, never its value', async () => {
    const result = await run('--ide', 'cursor', '--api-key', 'sk_test_fake_123', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(result.code, 0, result.stderr);
    const file = path.join(home, '.cursor', 'mcp.json');
    const text = await readFile(file, 'utf8');
    const entry = JSON.parse(text).mcpServers.scanner;
    // No absolute node (gone after an upgrade): node from PATH runs this checkout's bin.
    assert.equal(entry.command, 'node');
    assert.deepEqual(entry.args, [BIN, 'mcp']);
    assert.deepEqual(entry.env, { SCANNER_API_KEY: '${env:SCANNER_API_KEY}', SCANNER_API_URL: 'http://127.0.0.1:7700/api/v1' });
    assert.doesNotMatch(text, /sk_test_fake_123/);
    assert.doesNotMatch(result.stdout, /sk_test_fake_123/, 'the key is not echoed');
    assert.match(result.stdout, /set SCANNER_API_KEY in the environment Cursor starts from/);
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
    assert.deepEqual(config.mcpServers.scanner, { command: 'node', args: [BIN, 'mcp'], env: {} });
    const backups = (await readdir(dir)).filter((f) => f.startsWith('mcp_config.json.bak-'));
    assert.equal(backups.length, 1);
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, backups[0]), 'utf8')), before);
    assert.match(result.stdout, /Previous file kept as/);
  });

  it('backups made in the same second never overwrite each other', async () => {
    const file = path.join(tmp.dir, 'many.json');
    await writeFile(file, '{"mcpServers": {}}');
    for (let i = 0; i < 3; i++) {
      await writeFile(file, JSON.stringify({ round: i, mcpServers: {} }));
      const result = await run('--ide', 'cursor', '--config', file);
      assert.equal(result.code, 0, result.stderr);
    }
    const backups = (await readdir(tmp.dir)).filter((f) => f.startsWith('many.json.bak-')).sort();
    assert.equal(backups.length, 3);
    const rounds = await Promise.all(backups.map(async (b) => JSON.parse(await readFile(path.join(tmp.dir, b), 'utf8')).round));
    assert.deepEqual(rounds.sort(), [0, 1, 2]);
  });

  it("vscode: .vscode/mcp.json with comments: comments kept, VS Code's servers shape, the key from a password input", async () => {
    const dir = path.join(project, '.vscode');
    await mkdir(dir, { recursive: true });
    const original = [
      '{',
      '  // Servers for this project',
      '  "servers": {',
      '    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" }, // kept',
      '  },',
      '}',
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'mcp.json'), original);
    const result = await run('--ide', 'vscode', '--api-key', 'sk_test_fake_456', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(result.code, 0, result.stderr);
    const text = await readFile(path.join(dir, 'mcp.json'), 'utf8');
    assert.match(text, /\/\/ Servers for this project/);
    assert.match(text, /\/\/ kept/);
    assert.doesNotMatch(text, /sk_test_fake_456/);
    const config = parseJsonc(text);
    assert.equal(config.servers.github.url, 'https://api.githubcopilot.com/mcp/');
    assert.deepEqual(config.servers.scanner, {
      type: 'stdio',
      command: 'node',
      args: [BIN, 'mcp'],
      env: { SCANNER_API_KEY: '${input:scanner-api-key}', SCANNER_API_URL: 'http://127.0.0.1:7700/api/v1' },
    });
    assert.deepEqual(config.inputs, [{ type: 'promptString', id: 'scanner-api-key', description: 'Scanner API key (from the dashboard)', password: true }]);
    assert.equal(config.mcpServers, undefined);
    // Connecting again changes nothing but the backup count.
    await run('--ide', 'vscode', '--api-key', 'sk_test_fake_456', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(await readFile(path.join(dir, 'mcp.json'), 'utf8'), text);
  });

  it('claude: .mcp.json in the project with mcpServers and a ${VAR} reference', async () => {
    const result = await run('--ide', 'claude', '--api-key', 'sk_test_fake_000', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(result.code, 0, result.stderr);
    const config = JSON.parse(await readFile(path.join(project, '.mcp.json'), 'utf8'));
    assert.deepEqual(config.mcpServers.scanner.args, [BIN, 'mcp']);
    assert.equal(config.mcpServers.scanner.env.SCANNER_API_KEY, '${SCANNER_API_KEY}');
  });

  it('refuses to overwrite a file it cannot parse, and leaves it as it was', async () => {
    const file = path.join(tmp.dir, 'broken.json');
    const text = '{ "mcpServers": { // a comment\n } ';
    await writeFile(file, text);
    const result = await run('--ide', 'cursor', '--config', file);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /not valid JSON with comments \(CloseBraceExpected on line 2\).*not touching it/);
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
    const result = await run('--ide', 'cursor', '--config', file, '--print', '--api-key', 'sk_test_fake_789', '--api-url', 'http://127.0.0.1:7700/api/v1');
    assert.equal(result.code, 0, result.stderr);
    const printed = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(printed.mcpServers).sort(), ['keep', 'scanner']);
    assert.equal(printed.mcpServers.scanner.env.SCANNER_API_KEY, '${env:SCANNER_API_KEY}');
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

describe('scanner connect: a launcher that survives node upgrades and cache cleaning', () => {
  let tmp: { dir: string; cleanup(): Promise<void> };
  before(async () => {
    tmp = await tempDir('launcher');
  });
  after(async () => tmp?.cleanup());

  it('run from the npx cache: npx -y <name>@<version> mcp, never the cache path', async () => {
    const bin = path.join(tmp.dir, '.npm', '_npx', '0a1b2c', 'node_modules', 'scanner', 'bin', 'scanner.js');
    await mkdir(path.dirname(bin), { recursive: true });
    await writeFile(bin, '');
    const { version, name } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    assert.deepEqual(launcher(bin, []), { kind: 'npx', command: 'npx', args: ['-y', `${name}@${version}`, 'mcp'] });
  });

  it('installed with a scanner command on PATH: scanner mcp', async () => {
    const bin = path.join(tmp.dir, 'global', 'lib', 'node_modules', 'scanner', 'bin', 'scanner.js');
    const binDir = path.join(tmp.dir, 'global', 'bin');
    await mkdir(path.dirname(bin), { recursive: true });
    await mkdir(binDir, { recursive: true });
    await writeFile(bin, '');
    await symlink(bin, path.join(binDir, 'scanner'));
    assert.deepEqual(launcher(bin, ['/nonexistent', binDir]), { kind: 'command', command: 'scanner', args: ['mcp'] });
    // Another installation's scanner on PATH is not this one.
    assert.equal(launcher(path.join(tmp.dir, 'elsewhere', 'bin', 'scanner.js'), [binDir]).kind, 'node');
  });
});
