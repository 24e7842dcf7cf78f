// Runs the real `scanner` command in a child process, the way a user or CI does.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCANNER = path.join(REPO, 'bin', 'scanner.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScanner(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...options.env };
    // The child's output is a pipe; make sure no inherited setting forces colour.
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, [SCANNER, ...args], { cwd: options.cwd ?? REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A temporary directory holding the given files; `remove()` deletes it. */
export function makeTree(files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scanner-cli-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An Express route with an SQL injection on line 6 and a safe, parameterised query on line 10. */
export const VULNERABLE_ROUTE = [
  "const express = require('express');",
  'const router = express.Router();',
  '',
  "router.get('/users', async (req, res) => {",
  '  const email = req.query.email;',
  '  const [rows] = await pool.query("SELECT * FROM users WHERE email = \'" + email + "\'");',
  '  res.json(rows);',
  '});',
  "router.get('/safe', async (req, res) => {",
  "  const [rows] = await pool.query('SELECT * FROM users WHERE email = ?', [req.query.email]);",
  '  res.json(rows);',
  '});',
  '',
  'module.exports = router;',
  '',
].join('\n');

export const CLEAN_FILE = ["export function add(a, b) {", '  return a + b;', '}', ''].join('\n');

/** A route that writes request data to the log: only the low-severity rule below finds it. */
export const LOGGING_ROUTE = [
  "router.get('/ping', (req, res) => {",
  '  audit.write(req.query.who);',
  "  res.send('pong');",
  '});',
  '',
].join('\n');

/** An extra rule for `--rules`: low severity, so `--fail-on` can be tested against it. */
export const LOW_SEVERITY_RULE = `rules:
  - id: test.audit-log-injection
    languages: [javascript]
    type: LOG_INJECTION
    cwe: 117
    severity: low
    confidence: medium
    title: Request data written to the audit log
    message: Request data reaches the audit log without neutralising line breaks.
    remediation: Strip CR and LF from values before logging them.
    references:
      - https://cwe.mitre.org/data/definitions/117.html
    taint:
      sinks:
        - callee: '^audit\\.write$'
`;
