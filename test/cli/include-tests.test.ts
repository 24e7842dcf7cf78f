// Findings in test code: left out of every report format by default, counted and named in the
// summary, shown with --include-tests; the result cache answers both kinds of request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sarifSchemaErrors } from '../report/sarif-schema.ts';
import { VULNERABLE_ROUTE, makeTree, runScanner } from './helpers.ts';

/** A test server that lets any origin make requests (a structural rule, medium severity). */
const TEST_SERVER = [
  "const express = require('express');",
  "const cors = require('cors');",
  '',
  'const app = express();',
  'app.use(cors({ origin: true }));',
  'module.exports = app;',
  '',
].join('\n');

const TREE = { 'routes/users.js': VULNERABLE_ROUTE, 'test/support/server.js': TEST_SERVER };

interface JsonFinding {
  file: string;
  type: string;
}

const located = (report: { findings: JsonFinding[] }) => report.findings.map((f) => `${f.file} ${f.type}`).sort();

test('a finding in test code is left out and counted by default, and shown with --include-tests', async () => {
  const tree = makeTree(TREE);
  try {
    const hidden = await runScanner(['scan', tree.dir, '--no-cache', '--format', 'json']);
    assert.equal(hidden.code, 1, hidden.stderr);
    const report = JSON.parse(hidden.stdout);
    assert.deepEqual(located(report), ['routes/users.js SQL_INJECTION']);
    assert.equal(report.summary.testFindingsHidden, 1);
    assert.deepEqual(report.summary.findingsBySeverity, { critical: 1, high: 0, medium: 0, low: 0 });

    const shown = await runScanner(['scan', tree.dir, '--no-cache', '--format', 'json', '--include-tests']);
    assert.equal(shown.code, 1, shown.stderr);
    const full = JSON.parse(shown.stdout);
    assert.deepEqual(located(full), ['routes/users.js SQL_INJECTION', 'test/support/server.js CORS_MISCONFIGURATION']);
    assert.equal(full.summary.testFindingsHidden, 0);
    assert.equal(full.summary.findingsBySeverity.medium, 1);
  } finally {
    tree.remove();
  }
});

test('only test-code findings: exit 0 by default, 1 with --include-tests', async () => {
  const tree = makeTree({ 'test/support/server.js': TEST_SERVER });
  try {
    const hidden = await runScanner(['scan', tree.dir, '--no-cache', '--fail-on', 'medium']);
    assert.equal(hidden.code, 0, hidden.stderr);
    assert.match(hidden.stdout, /^no findings in 1 file, .*; 1 finding in test code not shown \(--include-tests shows them\)$/m);
    const shown = await runScanner(['scan', tree.dir, '--no-cache', '--fail-on', 'medium', '--include-tests']);
    assert.equal(shown.code, 1, shown.stderr);
    assert.match(shown.stdout, /^test\/support\/server\.js\n {2}5:\d+ +medium +CORS_MISCONFIGURATION /m);
    assert.doesNotMatch(shown.stdout, /not shown/);
  } finally {
    tree.remove();
  }
});

test('text, SARIF, markdown and the --output line say how many were left out and how to show them', async () => {
  const tree = makeTree(TREE);
  try {
    const text = await runScanner(['scan', tree.dir, '--no-cache']);
    assert.match(text.stdout, /^1 finding \(1 critical\) in 2 files, .*; 1 finding in test code not shown \(--include-tests shows them\)$/m);
    assert.doesNotMatch(text.stdout, /test\/support\/server\.js/);

    const sarif = await runScanner(['scan', tree.dir, '--no-cache', '--format', 'sarif']);
    const log = JSON.parse(sarif.stdout);
    assert.deepEqual(sarifSchemaErrors(log), []);
    const run = log.runs[0];
    assert.equal(run.results.length, 1);
    assert.equal(run.properties.testFindingsHidden, 1);
    const notes = run.invocations[0].toolExecutionNotifications.map((n: { level: string; message: { text: string } }) => `${n.level}: ${n.message.text}`);
    assert.ok(notes.includes('note: 1 finding in test code not shown (scanner scan --include-tests shows them).'), notes.join('\n'));

    const markdown = await runScanner(['scan', tree.dir, '--no-cache', '--format', 'markdown']);
    assert.match(markdown.stdout, /^- Findings in test code not shown: 1 \(`scanner scan --include-tests` shows them\)$/m);
    assert.doesNotMatch(markdown.stdout, /server\.js/);

    const out = path.join(tree.dir, 'report.json');
    const written = await runScanner(['scan', tree.dir, '--no-cache', '--format', 'json', '--output', out]);
    assert.match(written.stderr, /^1 finding \(1 critical\) .*; 1 finding in test code not shown \(--include-tests shows them\); report written to /);
  } finally {
    tree.remove();
  }
});

test('the result cache answers scans with and without --include-tests, each with its own findings', async () => {
  const tree = makeTree(TREE);
  // Files older than the cache's racy window, so that re-scans take the stored tree result.
  const hourAgo = new Date(Date.now() - 3600_000);
  for (const name of Object.keys(TREE)) utimesSync(path.join(tree.dir, name), hourAgo, hourAgo);
  const scan = async (...flags: string[]) => {
    const run = await runScanner(['scan', tree.dir, '--format', 'json', ...flags]);
    assert.equal(run.code, 1, run.stderr);
    return JSON.parse(run.stdout);
  };
  try {
    const first = await scan();
    assert.equal(first.summary.cachedFiles, 0);
    assert.deepEqual(located(first), ['routes/users.js SQL_INJECTION']);

    const included = await scan('--include-tests');
    assert.equal(included.summary.cachedFiles, 2, 'from the stored result of the scan without the flag');
    assert.deepEqual(located(included), ['routes/users.js SQL_INJECTION', 'test/support/server.js CORS_MISCONFIGURATION']);
    assert.equal(included.summary.testFindingsHidden, 0);

    const again = await scan();
    assert.equal(again.summary.cachedFiles, 2);
    assert.deepEqual(again.findings, first.findings);
    assert.equal(again.summary.testFindingsHidden, 1);
  } finally {
    tree.remove();
  }
});

test('results of the per-directory cache, stored by a scan with --include-tests, are filtered for a scan without it', async () => {
  const tree = makeTree(TREE);
  try {
    const included = JSON.parse((await runScanner(['scan', tree.dir, '--format', 'json', '--include-tests'])).stdout);
    assert.equal(included.findings.length, 2);
    // An edit elsewhere: the tree is scanned again, the test folder's result comes from the per-directory cache.
    writeFileSync(path.join(tree.dir, 'routes/users.js'), `// edited\n${VULNERABLE_ROUTE}`);
    const hidden = JSON.parse((await runScanner(['scan', tree.dir, '--format', 'json'])).stdout);
    assert.equal(hidden.summary.cachedFiles, 1);
    assert.deepEqual(located(hidden), ['routes/users.js SQL_INJECTION']);
    assert.equal(hidden.summary.testFindingsHidden, 1);
  } finally {
    tree.remove();
  }
});
