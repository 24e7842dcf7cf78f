import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sarifSchemaErrors } from '../report/sarif-schema.ts';
import { CLEAN_FILE, LOGGING_ROUTE, LOW_SEVERITY_RULE, VULNERABLE_ROUTE, makeTree, runScanner } from './helpers.ts';

test('text report on a pipe: findings grouped by file, exit 1, no colour, no progress bar', async () => {
  const tree = makeTree({ 'routes/users.js': VULNERABLE_ROUTE, 'lib/math.js': CLEAN_FILE });
  try {
    const run = await runScanner(['scan', tree.dir]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, '', 'nothing on stderr when it is a pipe');
    assert.doesNotMatch(run.stdout, /\u001b\[/);
    assert.match(run.stdout, /^routes\/users\.js\n {2}6:\d+ +critical +SQL_INJECTION /m);
    assert.match(run.stdout, /│ const \[rows\] = await pool\.query\("SELECT/);
    assert.match(run.stdout, /↳ req\.query\.email.*\(5\).*→.*\(6\)/);
    assert.doesNotMatch(run.stdout, /^ {2}10:/m, 'the parameterised query is not reported');
    assert.match(run.stdout, /1 finding \(1 critical\) in 2 files/);
  } finally {
    tree.remove();
  }
});

test('SARIF output is valid against the 2.1.0 schema and carries type, CWE and trace', async () => {
  const tree = makeTree({ 'routes/users.js': VULNERABLE_ROUTE });
  try {
    const run = await runScanner(['scan', tree.dir, '--format', 'sarif']);
    assert.equal(run.code, 1, run.stderr);
    const log = JSON.parse(run.stdout);
    assert.deepEqual(sarifSchemaErrors(log), []);
    const [result] = log.runs[0].results;
    assert.equal(result.properties.type, 'SQL_INJECTION');
    assert.deepEqual(result.properties.cwe, [89]);
    assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, 'routes/users.js');
    assert.equal(result.locations[0].physicalLocation.region.startLine, 6);
    assert.ok(result.codeFlows[0].threadFlows[0].locations.length >= 2);
    const rule = log.runs[0].tool.driver.rules[result.ruleIndex];
    assert.ok(rule.properties.tags.includes('external/cwe/cwe-89'));
    assert.equal(log.runs[0].tool.driver.version, JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')).version);
  } finally {
    tree.remove();
  }
});

test('JSON and markdown formats', async () => {
  const tree = makeTree({ 'routes/users.js': VULNERABLE_ROUTE });
  try {
    const json = await runScanner(['scan', tree.dir, '--format', 'json']);
    assert.equal(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout);
    assert.equal(report.findings.length, 1);
    assert.match(report.findings[0].id, /^vuln_/);
    assert.equal(report.findings[0].file, 'routes/users.js');
    assert.equal(report.summary.findingsBySeverity.critical, 1);

    const md = await runScanner(['scan', tree.dir, '--format', 'markdown']);
    assert.equal(md.code, 1, md.stderr);
    assert.match(md.stdout, /^# Security scan report/);
    assert.match(md.stdout, /## Severity breakdown/);
    assert.match(md.stdout, /`routes\/users\.js:6`/);
    assert.match(md.stdout, /\*\*Remediation:\*\*/);
  } finally {
    tree.remove();
  }
});

test('clean tree exits 0; a single file can be scanned', async () => {
  const tree = makeTree({ 'lib/math.js': CLEAN_FILE, 'routes/users.js': VULNERABLE_ROUTE });
  try {
    const clean = await runScanner(['scan', path.join(tree.dir, 'lib')]);
    assert.equal(clean.code, 0, clean.stderr);
    assert.match(clean.stdout, /no findings in 1 file/);

    const single = await runScanner(['scan', path.join(tree.dir, 'lib', 'math.js'), '--format', 'json']);
    assert.equal(single.code, 0, single.stderr);
    assert.equal(JSON.parse(single.stdout).summary.filesScanned, 1);

    const vulnerable = await runScanner(['scan', path.join(tree.dir, 'routes', 'users.js'), '--format', 'json']);
    assert.equal(vulnerable.code, 1, vulnerable.stderr);
    assert.equal(JSON.parse(vulnerable.stdout).findings[0].file, 'users.js');
  } finally {
    tree.remove();
  }
});

test('--rules adds rules; --fail-on sets the severity that fails', async () => {
  const tree = makeTree({ 'src/ping.js': LOGGING_ROUTE, 'rules/audit.yaml': LOW_SEVERITY_RULE });
  try {
    const src = path.join(tree.dir, 'src');
    const rules = path.join(tree.dir, 'rules');
    const without = await runScanner(['scan', src, '--format', 'json']);
    assert.equal(without.code, 0, without.stderr);
    assert.equal(JSON.parse(without.stdout).findings.length, 0);

    const low = await runScanner(['scan', src, '--rules', rules, '--format', 'json']);
    assert.equal(low.code, 1, low.stderr);
    const [finding] = JSON.parse(low.stdout).findings;
    assert.equal(finding.ruleId, 'test.audit-log-injection');
    assert.equal(finding.severity, 'low');

    const medium = await runScanner(['scan', src, '--rules', rules, '--fail-on', 'medium']);
    assert.equal(medium.code, 0, 'a low finding does not fail --fail-on medium');
    assert.match(medium.stdout, /LOG_INJECTION/, 'but it is still reported');
  } finally {
    tree.remove();
  }
});

test('from the TypeScript sources (a checkout being edited), extra rules load on every thread', async () => {
  // Rule files outside the build's snapshot are validated by a module the engine `require`s:
  // both tsx loaders must be registered, in the main thread and in the workers.
  const tree = makeTree({ 'src/ping.js': LOGGING_ROUTE, 'rules/audit.yaml': LOW_SEVERITY_RULE });
  try {
    const run = await runScanner(['scan', path.join(tree.dir, 'src'), '--rules', path.join(tree.dir, 'rules'), '--format', 'json', '--no-cache', '--jobs', '2'], {
      env: { SCANNER_FROM_SOURCES: '1' },
    });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(JSON.parse(run.stdout).findings[0].ruleId, 'test.audit-log-injection');
  } finally {
    tree.remove();
  }
});

test('--output writes the report to a file and a summary line to stderr', async () => {
  const tree = makeTree({ 'app/routes/users.js': VULNERABLE_ROUTE });
  try {
    const out = path.join(tree.dir, 'report.sarif');
    const run = await runScanner(['scan', path.join(tree.dir, 'app'), '--format', 'sarif', '--output', out]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^1 finding \(1 critical\) .*report written to /);
    assert.deepEqual(sarifSchemaErrors(JSON.parse(readFileSync(out, 'utf8'))), []);
  } finally {
    tree.remove();
  }
});

test('--baseline (JSON or SARIF) drops findings already accepted, even when they moved', async () => {
  const tree = makeTree({ 'app/routes/users.js': VULNERABLE_ROUTE });
  try {
    const app = path.join(tree.dir, 'app');
    for (const format of ['json', 'sarif']) {
      const baseline = path.join(tree.dir, `baseline.${format}`);
      const first = await runScanner(['scan', app, '--format', format, '--output', baseline]);
      assert.equal(first.code, 1, first.stderr);

      // Unrelated lines above the finding: it moves down but keeps its fingerprint.
      writeFileSync(path.join(app, 'routes', 'users.js'), `// a comment\n// another\n${VULNERABLE_ROUTE}`);
      const second = await runScanner(['scan', app, '--format', 'json', '--baseline', baseline]);
      assert.equal(second.code, 0, `${format}: ${second.stderr}${second.stdout}`);
      const report = JSON.parse(second.stdout);
      assert.equal(report.findings.length, 0);
      assert.ok(report.summary.suppressed >= 1);

      // A new finding is still reported.
      writeFileSync(
        path.join(app, 'routes', 'orders.js'),
        VULNERABLE_ROUTE.replace("'/users'", "'/orders'").replace('FROM users', 'FROM orders'),
      );
      const third = await runScanner(['scan', app, '--format', 'json', '--baseline', baseline]);
      assert.equal(third.code, 1, third.stderr);
      assert.deepEqual(JSON.parse(third.stdout).findings.map((f: { file: string }) => f.file), ['routes/orders.js']);
      writeFileSync(path.join(app, 'routes', 'users.js'), VULNERABLE_ROUTE);
      writeFileSync(path.join(app, 'routes', 'orders.js'), CLEAN_FILE);
    }
  } finally {
    tree.remove();
  }
});

test('the cache lives in .scanner/cache under PATH; --no-cache leaves nothing behind', async () => {
  const tree = makeTree({ 'routes/users.js': VULNERABLE_ROUTE });
  try {
    const uncached = await runScanner(['scan', tree.dir, '--no-cache', '--jobs', '1']);
    assert.equal(uncached.code, 1, uncached.stderr);
    assert.equal(existsSync(path.join(tree.dir, '.scanner')), false);
    const first = await runScanner(['scan', tree.dir, '--format', 'json']);
    assert.equal(existsSync(path.join(tree.dir, '.scanner', 'cache')), true);
    const second = await runScanner(['scan', tree.dir, '--format', 'json']);
    assert.deepEqual(JSON.parse(second.stdout).findings, JSON.parse(first.stdout).findings, 'cached results are the same');
  } finally {
    tree.remove();
  }
});

test('a re-scan of a tree whose files are as they were reads none of them; an edit is scanned', async () => {
  const tree = makeTree({ 'routes/users.js': VULNERABLE_ROUTE, 'lib/math.js': CLEAN_FILE });
  const age = (name: string) => {
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(path.join(tree.dir, name), hourAgo, hourAgo);
  };
  try {
    age('routes/users.js');
    age('lib/math.js');
    const first = JSON.parse((await runScanner(['scan', tree.dir, '--format', 'json'])).stdout);
    assert.equal(first.summary.cachedFiles, 0);
    const second = JSON.parse((await runScanner(['scan', tree.dir, '--format', 'json'])).stdout);
    assert.equal(second.summary.cachedFiles, 2, 'every file from the stored tree result');
    assert.deepEqual(second.findings, first.findings);
    assert.equal(second.summary.filesScanned, first.summary.filesScanned);

    writeFileSync(path.join(tree.dir, 'routes/users.js'), VULNERABLE_ROUTE.replace('req.query.email', "'fixed@example.test'"));
    const third = JSON.parse((await runScanner(['scan', tree.dir, '--format', 'json'])).stdout);
    assert.deepEqual(third.findings, [], 'the edited file is scanned again');
    assert.equal(third.summary.cachedFiles, 1, 'its unchanged neighbour in another directory comes from the per-file cache');
  } finally {
    tree.remove();
  }
});

test('bad input exits 2 with a clear message on stderr', async () => {
  const tree = makeTree({ 'a.js': CLEAN_FILE, 'not-json.json': '{ nope', 'other.json': '{"hello": 1}' });
  try {
    const cases: [string[], RegExp][] = [
      [['scan', path.join(tree.dir, 'does-not-exist')], /path does not exist: .*does-not-exist/],
      [['scan', tree.dir, '--format', 'xml'], /--format <format>' argument 'xml' is invalid/],
      [['scan', tree.dir, '--fail-on', 'severe'], /--fail-on <severity>' argument 'severe' is invalid/],
      [['scan', tree.dir, '--jobs', 'many'], /--jobs <n>' argument 'many' is invalid/],
      [['scan', tree.dir, '--jobs', '0'], /--jobs <n>' argument '0' is invalid/],
      [['scan', tree.dir, '--baseline', path.join(tree.dir, 'missing.json')], /cannot read baseline .*missing\.json: ENOENT/],
      [['scan', tree.dir, '--baseline', path.join(tree.dir, 'not-json.json')], /baseline .*not-json\.json is not JSON/],
      [['scan', tree.dir, '--baseline', path.join(tree.dir, 'other.json')], /neither a SARIF log nor a JSON report/],
      [['scan', tree.dir, '--rules', path.join(tree.dir, 'no-rules')], /--rules: directory does not exist/],
      [['scan', tree.dir, '--output', path.join(tree.dir, 'no', 'such', 'dir', 'r.json')], /--output \(its folder\): directory does not exist/],
      [['scan', tree.dir, '--ref', 'main'], /--ref applies only when PATH is a git URL/],
      [['scan', tree.dir, '--unknown-flag'], /unknown option '--unknown-flag'/],
    ];
    for (const [args, message] of cases) {
      const run = await runScanner(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
      assert.equal(run.stdout, '', args.join(' '));
    }
  } finally {
    tree.remove();
  }
});

test('an invalid extra rule file is an error, not a silent skip', async () => {
  const tree = makeTree({ 'src/a.js': CLEAN_FILE, 'rules/bad.yaml': 'rules:\n  - id: Not Valid\n' });
  try {
    const run = await runScanner(['scan', path.join(tree.dir, 'src'), '--rules', path.join(tree.dir, 'rules')]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^scanner scan: error: .*bad\.yaml/m);
  } finally {
    tree.remove();
  }
});

test('an extra rule with a broken query is an error even where no file has its words', async () => {
  const rule = `rules:
  - id: test.broken-query
    languages: [javascript]
    type: CODE_INJECTION
    cwe: 94
    severity: high
    title: t
    message: m
    remediation: r
    pattern:
      query: '((call_expression function: (identifier) @f (#eq? @f "neverCalledAnywhere")) @match'
`;
  const tree = makeTree({ 'src/a.js': CLEAN_FILE, 'rules/broken.yaml': rule });
  try {
    const run = await runScanner(['scan', path.join(tree.dir, 'src'), '--rules', path.join(tree.dir, 'rules'), '--no-cache']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^scanner scan: error: .*broken\.yaml \(test\.broken-query\): invalid tree-sitter query/m);
  } finally {
    tree.remove();
  }
});

test('--help and --version exit 0', async () => {
  const help = await runScanner(['scan', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--fail-on <severity>/);
  assert.match(help.stdout, /Exit codes: 0/);
  const version = await runScanner(['--version']);
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
});
