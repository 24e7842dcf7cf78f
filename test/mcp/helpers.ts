// Drives a real `scanner mcp` child process with the SDK's own client over stdio.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const BIN = fileURLToPath(new URL('../../bin/scanner.js', import.meta.url));

/** A line the engine reports as SQL_INJECTION on this line (taint from req.query into db.query). */
export const VULNERABLE_JS_LINE = "app.get('/x', async (req, res) => { await db.query(\"SELECT * FROM t WHERE a = '\" + req.query.a + \"'\"); });";
export const VULNERABLE_TYPE = 'SQL_INJECTION';
export const VULNERABLE_CWE = 89;

export interface McpHandle {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

export async function startMcp(options: { env?: Record<string, string>; cwd?: string } = {}): Promise<McpHandle> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('SCANNER_')) env[key] = value;
  }
  // Scan timings are per machine and user: the tests keep theirs apart.
  env.XDG_CACHE_HOME = path.join(os.tmpdir(), 'scanner-mcp-test-cache');
  Object.assign(env, options.env);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env,
    cwd: options.cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const client = new Client({ name: 'scanner-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async close() {
      await client.close();
    },
  };
}

export interface ToolAnswer {
  isError: boolean;
  /** The structured content; for an error, the `{error}` JSON of the text. */
  json: any;
  structured: any;
  text: string;
  /** Bytes of the whole result as it travels (content and structured content). */
  bytes: number;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  const text = content.find((c) => c.type === 'text')?.text ?? '';
  let json: any = result.structuredContent;
  if (json === undefined) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { error: text };
    }
  }
  return { isError: result.isError === true, json, structured: result.structuredContent, text, bytes: Buffer.byteLength(JSON.stringify(result)) };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.invalid' },
  });
}

export async function tempDir(prefix: string): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `scanner-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A git repository with one committed, harmless JavaScript file. */
export async function makeRepo(dir: string): Promise<void> {
  git(dir, 'init', '-q', '-b', 'main');
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(path.join(dir, 'src', 'app.js'), "const express = require('express');\nconst app = express();\napp.listen(3000);\n");
  await writeFile(path.join(dir, '.gitignore'), 'dist/\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
