import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  toSarif,
  toJson,
  toMarkdown,
  toText,
  parseBaseline,
  applyBaseline,
  FINGERPRINT_KEY,
  renderReport,
  REPORT_FORMATS,
} from '../../src/report/index.ts';
import { sarifSchemaErrors } from './sarif-schema.ts';
import { historySecret, sampleResult, structuralFinding, taintFinding } from './sample-result.ts';

test('SARIF is valid against the official 2.1.0 schema', () => {
  const log = toSarif(sampleResult(), { tool: { version: '0.1.0' }, root: '/tmp/some repo' });
  assert.deepEqual(sarifSchemaErrors(log), []);
  assert.equal(log.version, '2.1.0');
});

test('SARIF with no findings is valid too', () => {
  const log = toSarif(sampleResult([]));
  assert.deepEqual(sarifSchemaErrors(log), []);
  assert.deepEqual(log.runs[0].results, []);
  assert.deepEqual(log.runs[0].tool.driver.rules, []);
});

test('SARIF rules carry CWE tags, precision, security-severity and help', () => {
  const log = toSarif(sampleResult());
  const rules = log.runs[0].tool.driver.rules ?? [];
  assert.equal(rules.length, 3);
  const sql = rules.find((r) => r.id === 'js-sql-injection');
  assert.ok(sql);
  assert.equal(sql.name, 'JsSqlInjection');
  assert.equal(sql.shortDescription?.text, 'SQL injection');
  assert.ok(sql.fullDescription?.text);
  assert.match(sql.help?.markdown ?? '', /Remediation[\s\S]*parameterised query/);
  assert.equal(sql.helpUri, 'https://cwe.mitre.org/data/definitions/89.html');
  assert.ok((sql.properties?.tags as string[]).includes('security'));
  assert.ok((sql.properties?.tags as string[]).includes('external/cwe/cwe-89'));
  assert.equal(sql.properties?.precision, 'high');
  assert.equal(sql.properties?.['security-severity'], '9.5');
  const secret = rules.find((r) => r.id === 'secret.aws-access-key');
  assert.equal(secret?.helpUri, 'https://cwe.mitre.org/data/definitions/798.html', 'falls back to the CWE page without references');
});

test('SARIF results carry type, numeric CWE, fingerprints, levels and code flows', () => {
  const log = toSarif(sampleResult());
  const results = log.runs[0].results ?? [];
  const rules = log.runs[0].tool.driver.rules ?? [];
  const sql = results.find((r) => r.ruleId === 'js-sql-injection');
  assert.ok(sql);
  assert.equal(rules[sql.ruleIndex ?? -1].id, 'js-sql-injection');
  assert.equal(sql.level, 'error');
  assert.equal(sql.properties?.type, 'SQL_INJECTION');
  assert.deepEqual(sql.properties?.cwe, [89]);
  assert.equal(sql.partialFingerprints?.[FINGERPRINT_KEY], taintFinding().fingerprint);
  const region = sql.locations?.[0].physicalLocation?.region;
  assert.deepEqual([region?.startLine, region?.startColumn, region?.endLine, region?.endColumn], [14, 3, 14, 52]);
  const flow = sql.codeFlows?.[0].threadFlows[0].locations ?? [];
  assert.deepEqual(
    flow.map((l) => [l.location?.physicalLocation?.artifactLocation?.uri, l.location?.physicalLocation?.region?.startLine, l.location?.message?.text]),
    [
      ['src/routes/users.js', 12, 'req.query.id'],
      ['src/lib/sql.js', 3, 'buildFilter(id)'],
      ['src/routes/users.js', 14, 'db.query()'],
    ],
  );
  const hash = results.find((r) => r.ruleId === 'py.weak-hash-md5');
  assert.equal(hash?.level, 'warning');
  assert.equal(hash?.codeFlows, undefined, 'no code flow without a trace');
  assert.equal(hash?.locations?.[0].physicalLocation?.artifactLocation?.uri, 'app%20dir/auth%20%231/hash.py');
});

test('SARIF history secrets carry commit, author and date', () => {
  const log = toSarif(sampleResult());
  const secret = (log.runs[0].results ?? []).find((r) => r.properties?.type === 'HARDCODED_SECRET');
  assert.equal(secret?.properties?.commit, historySecret().commit);
  assert.equal(secret?.properties?.author, historySecret().author);
  assert.equal(secret?.properties?.date, historySecret().date);
  assert.equal(secret?.locations?.[0].physicalLocation?.artifactLocation?.uri, 'config/deploy.env');
});

test('SARIF rootUri points at the scanned directory', () => {
  const log = toSarif(sampleResult(), { root: '/tmp/some repo' });
  assert.equal(log.runs[0].originalUriBaseIds?.['%SRCROOT%'].uri, 'file:///tmp/some%20repo/');
});

test('JSON report keeps the engine vocabulary and recounts severities', () => {
  const result = sampleResult([taintFinding(), structuralFinding()]);
  const parsed = JSON.parse(toJson(result, { tool: { version: '9.9.9' } }));
  assert.equal(parsed.tool.version, '9.9.9');
  assert.equal(parsed.findings.length, 2);
  assert.equal(parsed.findings[0].severity, 'critical', 'most severe first');
  assert.deepEqual(parsed.summary.findingsBySeverity, { critical: 1, high: 0, medium: 1, low: 0 });
  assert.deepEqual(parsed.findings[0].trace, taintFinding().trace);
});

test('markdown report has summary, severity breakdown, files, remediation and references', () => {
  const md = toMarkdown(sampleResult(), { target: 'acme/shop' });
  assert.match(md, /^# Security scan report: `acme\/shop`/);
  assert.match(md, /## Summary\n\n\*\*3 findings\*\* in 3 files: 1 critical, 1 high, 1 medium\./);
  assert.match(md, /## Severity breakdown\n\n\| Severity \| Findings \|\n\| --- \| ---: \|\n\| critical \| 1 \|\n\| high \| 1 \|\n\| medium \| 1 \|\n\| low \| 0 \|/);
  assert.match(md, /\| `src\/routes\/users\.js` \| 14 \| 1 \|/);
  assert.match(md, /### 1\. SQL injection \(critical\): `src\/routes\/users\.js:14`/);
  assert.match(md, /\*\*Remediation:\*\* Use a parameterised query/);
  assert.match(md, /- \[CWE-89\]\(https:\/\/cwe\.mitre\.org\/data\/definitions\/89\.html\)/);
  assert.match(md, /- \[owasp\.org\/Top10\/A03\\_2021-Injection\/\]\(https:\/\/owasp\.org\/Top10\/A03_2021-Injection\/\)/);
  assert.match(md, /1\. source: `req\.query\.id` at `src\/routes\/users\.js:12`/);
  assert.match(md, /```javascript\n  db\.query/);
  assert.match(md, /\*\*Commit:\*\* `0123456789abcdef0123456789abcdef01234567` by Dev Example \\<dev@example\.com\\>/);
  // Message text cannot break out into markup.
  assert.match(md, /password \\\| token with \\`backticks\\`/);
});

test('markdown report of a clean scan says so', () => {
  const md = toMarkdown(sampleResult([]));
  assert.match(md, /\*\*No findings\.\*\*/);
  assert.doesNotMatch(md, /## Findings/);
});

test('markdown report can cap the number of detailed findings', () => {
  const md = toMarkdown(sampleResult(), { maxFindings: 1 });
  assert.match(md, /### 1\./);
  assert.doesNotMatch(md, /### 2\./);
  assert.match(md, /…and 2 more findings not shown here/);
});

test('text report groups by file with code line and short trace, no colour unless asked', () => {
  const text = toText(sampleResult());
  assert.doesNotMatch(text, /\u001b\[/);
  const lines = text.split('\n');
  const fileIndex = lines.indexOf('src/routes/users.js');
  assert.ok(fileIndex >= 0, text);
  assert.match(lines[fileIndex + 1], /^ {2}14:3 {2}critical +SQL_INJECTION {2}Untrusted data .* js-sql-injection$/);
  assert.match(lines[fileIndex + 2], /│ db\.query\("SELECT \* FROM users WHERE id = " \+ id\);/);
  assert.match(lines[fileIndex + 3], /↳ req\.query\.id \(12\) → buildFilter\(id\) \(src\/lib\/sql\.js:3\) → db\.query\(\) \(14\)/);
  assert.match(text, /@ commit 0123456789ab \(Dev Example <dev@example\.com>, 2026-01-02T03:04:05Z\) \(removed since/);
  assert.match(lines.at(-2) ?? '', /^3 findings \(1 critical, 1 high, 1 medium\) in 3 files, 120 lines, 0\.0 s; 1 file skipped, 1 warning$/);
  assert.ok(text.indexOf('app dir/auth #1/hash.py') < text.indexOf('config/deploy.env'), 'files in alphabetical order');
});

test('text report colours when asked', () => {
  assert.match(toText(sampleResult(), { color: true }), /\u001b\[31mhigh/);
});

test('text report elides long traces', () => {
  const trace = Array.from({ length: 8 }, (_, i) => ({ kind: i === 0 ? 'source' : i === 7 ? 'sink' : 'step', file: 'a.js', line: i + 1, column: 1, label: `s${i}` }) as const);
  const text = toText(sampleResult([taintFinding({ file: 'a.js', trace: [...trace] })]));
  assert.match(text, /s0 \(1\) → s1 \(2\) → s2 \(3\) → … 4 more → s7 \(8\)/);
});

test('baseline from our SARIF and our JSON drops exactly the known findings', () => {
  const before = sampleResult([taintFinding()]);
  const after = sampleResult([taintFinding({ line: 30, endLine: 30 }), structuralFinding()]);
  for (const previous of [toSarif(before), JSON.parse(toJson(before))]) {
    const baseline = parseBaseline(previous);
    assert.ok(baseline);
    const filtered = applyBaseline(after, baseline);
    assert.deepEqual(filtered.findings.map((f) => f.ruleId), ['py.weak-hash-md5'], 'a moved finding is still recognised');
    assert.equal(filtered.summary.suppressed, 1);
    assert.deepEqual(filtered.summary.findingsBySeverity, { critical: 0, high: 0, medium: 1, low: 0 });
  }
});

test('baseline accepts a service job answer and refuses unrelated JSON', () => {
  const jobAnswer = { success: true, data: { findings: [{ id: taintFinding().id }] } };
  const baseline = parseBaseline(jobAnswer);
  assert.ok(baseline);
  assert.equal(applyBaseline(sampleResult([taintFinding()]), baseline).findings.length, 0);
  assert.equal(parseBaseline({ hello: 'world' }), null);
  assert.equal(parseBaseline('text'), null);
});

test('every format renders', async () => {
  for (const format of REPORT_FORMATS) {
    const out = await renderReport(sampleResult(), format, { tool: { version: '1.0.0' }, root: '/tmp/x' });
    assert.ok(out.endsWith('\n') && out.length > 100, format);
  }
});

test('SARIF rule descriptions never name one instance', () => {
  const result = sampleResult([
    taintFinding(),
    taintFinding({ fingerprint: 'other', id: 'vuln_other', line: 40, message: 'Untrusted data from req.body.name reaches an SQL query.' }),
    historySecret({ message: 'An AWS access key id is committed in config/deploy.env.' }),
    structuralFinding(),
  ]);
  const rules = toSarif(result).runs[0].tool.driver.rules ?? [];
  const describe = (id: string) => rules.find((r) => r.id === id)?.fullDescription?.text;
  assert.equal(describe('js-sql-injection'), 'SQL injection', 'messages differ: the title describes the rule');
  assert.equal(describe('secret.aws-access-key'), 'AWS access key', 'a message naming the file is not a rule description');
  assert.equal(describe('py.weak-hash-md5'), structuralFinding().message);
});

test('a warning without a file is a note about the whole scan', () => {
  const result = sampleResult();
  result.summary.warnings.push({ file: '', message: 'git history: 12 commits, 30 file versions scanned for secrets' });
  const md = toMarkdown(result);
  assert.match(md, /- Files with warnings \(not parsed, or analysed as far as they parsed\): 1\n- git history: 12 commits/);
  const text = toText(result);
  assert.match(text, /^git history: 12 commits, 30 file versions scanned for secrets\n.*; 1 file skipped, 1 warning$/m);
  assert.deepEqual(sarifSchemaErrors(toSarif(result)), []);
});

test('every format says how many findings in test code were left out and how to show them', () => {
  const base = sampleResult([taintFinding()]);
  const result = { ...base, summary: { ...base.summary, testFindingsHidden: 4 } };
  assert.match(toText(result), /^1 finding \(1 critical\) in 3 files, .*, 4 findings in test code not shown \(--include-tests shows them\)$/m);
  assert.match(toMarkdown(result), /^- Findings in test code not shown: 4 \(`scanner scan --include-tests` shows them\)$/m);
  assert.equal(JSON.parse(toJson(result)).summary.testFindingsHidden, 4);
  const log = toSarif(result);
  assert.deepEqual(sarifSchemaErrors(log), []);
  assert.equal(log.runs[0].properties?.testFindingsHidden, 4);
  const notes = log.runs[0].invocations?.[0].toolExecutionNotifications ?? [];
  assert.deepEqual(
    notes.filter((n) => n.level === 'note').map((n) => n.message.text),
    ['4 findings in test code not shown (scanner scan --include-tests shows them).'],
  );

  // Nothing left out: no line about it, and the count stays 0 in the machine formats.
  assert.doesNotMatch(toText(base), /test code/);
  assert.doesNotMatch(toMarkdown(base), /test code/);
  assert.equal(toSarif(base).runs[0].invocations?.[0].toolExecutionNotifications?.some((n) => n.level === 'note'), false);
  assert.equal(toSarif(base).runs[0].properties?.testFindingsHidden, 0);
});
