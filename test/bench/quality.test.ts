// The corpus scorer on a small corpus made here, scoring SARIF written by our
// own report code: the numbers follow the corpus README's rules exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toSarif } from '../../src/report/index.ts';
import { parseAnnotations, score } from '../../src/engine/rules/annotations.ts';
import { UNLABELLED_TYPES } from '../../bench/lib/corpus.ts';
import { sampleResult, structuralFinding, taintFinding } from '../report/sample-result.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('annotations: stacked, comma-separated, several comment syntaxes', () => {
  const text = [
    '# ruleid: SQL_INJECTION, XSS',
    '# ok: PATH_TRAVERSAL',
    'cursor.execute(q)',
    '<!-- ok: XXE -->',
    'parse(doc)',
    '// not an annotation: ruleid: XSS',
  ].join('\n');
  assert.deepEqual(parseAnnotations('python/a.py', text), [
    { file: 'python/a.py', line: 3, type: 'SQL_INJECTION', kind: 'ruleid' },
    { file: 'python/a.py', line: 3, type: 'XSS', kind: 'ruleid' },
    { file: 'python/a.py', line: 3, type: 'PATH_TRAVERSAL', kind: 'ok' },
    { file: 'python/a.py', line: 5, type: 'XXE', kind: 'ok' },
  ]);
});

test('score: strict lines, duplicates collapsed, ok traps, unannotated files, ignored types', () => {
  const annotations = [
    { file: 'js/a.js', line: 3, type: 'SQL_INJECTION', kind: 'ruleid' as const },
    { file: 'js/a.js', line: 6, type: 'SQL_INJECTION', kind: 'ok' as const },
    { file: 'js/a.js', line: 9, type: 'XSS', kind: 'ruleid' as const },
  ];
  const result = score(annotations, [
    { file: 'js/a.js', line: 3, type: 'SQL_INJECTION' },
    { file: 'js/a.js', line: 3, type: 'SQL_INJECTION' }, // duplicate
    { file: 'js/a.js', line: 4, type: 'SQL_INJECTION' }, // one line off: strict
    { file: 'js/a.js', line: 6, type: 'SQL_INJECTION' }, // ok trap
    { file: 'js/a.js', line: 3, type: 'XSS' }, // other type on an annotated line
    { file: 'js/lib.js', line: 1, type: 'XSS' }, // unannotated file
    { file: 'js/a.js', line: 20, type: 'VULNERABLE_DEPENDENCY' }, // not labelled: ignored
  ], { ignoredTypes: UNLABELLED_TYPES });
  assert.equal(result.overall.truePositives, 1);
  assert.equal(result.overall.falsePositives, 4);
  assert.equal(result.overall.falseNegatives, 1);
  assert.equal(result.overall.precision, 1 / 5);
  assert.equal(result.overall.recall, 1 / 2);
  assert.equal(result.overall.okHitRate, 1);
  assert.deepEqual(result.falsePositives.map((f) => `${f.line}:${f.type}:${f.why}`), [
    '3:XSS:other-type-on-annotated-line',
    '4:SQL_INJECTION:unannotated',
    '6:SQL_INJECTION:ok-trap',
    '1:XSS:unannotated',
  ]);
  assert.deepEqual(result.falseNegatives.map((a) => `${a.file}:${a.line}:${a.type}`), ['js/a.js:9:XSS']);
  assert.equal(result.byType.XSS.recall, 0);
  assert.equal(result.byLanguage.js.findings, 5);
});

test('score: one type only, as the secret rules and benchmarks score HARDCODED_SECRET', () => {
  const annotations = [
    ...parseAnnotations('config.yml', ['# ruleid: HARDCODED_SECRET', 'token: abc', '# ok: HARDCODED_SECRET', 'token: ${TOKEN}', '# ruleid: XSS', 'x'].join('\n')),
  ];
  const result = score(
    annotations,
    [
      { file: 'config.yml', line: 2, type: 'HARDCODED_SECRET', ruleId: 'generic-secret', snippet: 'token: abc' },
      { file: 'config.yml', line: 4, type: 'HARDCODED_SECRET', ruleId: 'generic-secret', snippet: 'token: ${TOKEN}' },
      { file: 'config.yml', line: 9, type: 'SQL_INJECTION', ruleId: 'other', snippet: '' },
    ],
    { type: 'HARDCODED_SECRET' },
  );
  assert.deepEqual([result.overall.ruleid, result.overall.truePositives, result.overall.findings], [1, 1, 2], 'the XSS label and the SQL finding are not scored');
  assert.deepEqual(result.falsePositives.map((f) => `${f.line} ${f.ruleId} ${f.snippet} ${f.why}`), ['4 generic-secret token: ${TOKEN} ok-trap']);
  assert.deepEqual(result.falseNegatives, []);
});

test('bench/quality.ts scores a SARIF report of a corpus folder', () => {
  const corpus = mkdtempSync(path.join(tmpdir(), 'scanner-corpus-'));
  try {
    writeFileSync(path.join(corpus, 'README.md'), '# test corpus\n');
    mkdirSync(path.join(corpus, 'javascript', 'src', 'routes'), { recursive: true });
    mkdirSync(path.join(corpus, 'python', 'app dir', 'auth #1'), { recursive: true });
    writeFileSync(
      path.join(corpus, 'javascript', 'src', 'routes', 'users.js'),
      Array.from({ length: 13 }, (_, i) => (i === 12 ? '// ruleid: SQL_INJECTION' : `// line ${i + 1}`)).join('\n') + '\nsink();\n',
    );
    writeFileSync(path.join(corpus, 'python', 'app dir', 'auth #1', 'hash.py'), ['x = 1', '', '', '', '', '# ok: WEAK_HASH', 'h = md5(p)', ''].join('\n'));
    const jsSarif = path.join(corpus, 'js.sarif');
    const pySarif = path.join(corpus, 'py.sarif');
    writeFileSync(jsSarif, JSON.stringify(toSarif(sampleResult([taintFinding()]), { root: path.join(corpus, 'javascript') })));
    writeFileSync(pySarif, JSON.stringify(toSarif(sampleResult([structuralFinding()]), { root: path.join(corpus, 'python') })));

    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'bench', 'quality.ts'), '--corpus', corpus, '--lang', 'javascript,python', '--sarif', jsSarif, '--sarif', pySarif, '--json'],
      { encoding: 'utf8', cwd: REPO },
    );
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.byLanguage.javascript.truePositives, 1);
    assert.equal(report.byLanguage.javascript.precision, 1);
    assert.equal(report.byLanguage.python.falsePositives, 1);
    assert.equal(report.byLanguage.python.okHit, 1);
    assert.equal(report.falsePositives[0].file, 'python/app dir/auth #1/hash.py');
    assert.equal(report.overall.recall, 1);
    assert.equal(report.meetsTarget, false);

    const text = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'bench', 'quality.ts'), '--corpus', corpus, '--lang', 'javascript,python', '--sarif', jsSarif, '--sarif', pySarif, '--verbose', '--check'],
      { encoding: 'utf8', cwd: REPO },
    );
    assert.equal(text.status, 1, 'precision below target fails --check');
    assert.match(text.stdout, /\| \*\*all\*\* \| 1 \| 1 \| 0 \| 1 \| 2 \| 50\.0% \| 100\.0% \| 1\/1 \(100\.0%\) \|/);
    assert.match(text.stdout, /- python\/app dir\/auth #1\/hash\.py:7 WEAK_HASH \(py\.weak-hash-md5; ok-trap\)/);

    const missing = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'quality.ts'), '--corpus', path.join(corpus, 'nope')], { encoding: 'utf8', cwd: REPO });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no corpus at/);
  } finally {
    rmSync(corpus, { recursive: true, force: true });
  }
});
