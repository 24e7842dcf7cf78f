// bench/real-apps.ts on a set made here: an "advisory" whose vulnerable and fixed commits
// are a real git repository in a temp dir, cloned by --checkout from a mirrors folder and
// scanned with the real CLI; then the matching rules on their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreApp, summarise, type App } from '../../bench/lib/real-apps.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

// Line 3: the labelled vulnerable sink. Line 5: a labelled safe look-alike (integer cast).
// Line 6: labelled safe on purpose although it is not, so the safe-label check is seen to fire.
// Line 7: an unlabelled finding. Line 2 carries a vulnerable label no finding can match.
const vulnerable = [
  '<?php',
  "$id = $_GET['id'];",
  'mysqli_query($c, "SELECT * FROM t WHERE id=" . $id);',
  "$n = (int) $_GET['n'];",
  'mysqli_query($c, "SELECT * FROM t WHERE n=" . $n);',
  "system('ls ' . $_GET['d']);",
  "echo $_GET['x'];",
  '',
].join('\n');
// The "fix" parameterises line 3 but leaves another SQL injection in the labelled file:
// one finding of a labelled type in the fixed version, a false positive.
const fixed = [
  '<?php',
  "$id = $_GET['id'];",
  'mysqli_execute_query($c, "SELECT * FROM t WHERE id=?", [$id]);',
  "mysqli_query($c, \"SELECT * FROM u WHERE name='\" . $_GET['name'] . \"'\");",
  '',
].join('\n');

test('real-apps: --checkout from mirrors, scan, recall and precision of an advisory', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-real-apps-test-'));
  try {
    const source = path.join(work, 'mirrors', 'acme+shop', 'repo');
    mkdirSync(path.join(source, 'web'), { recursive: true });
    git(source, 'init', '--quiet');
    writeFileSync(path.join(source, 'web', 'item.php'), vulnerable);
    writeFileSync(path.join(source, 'README.md'), 'shop\n');
    git(source, 'add', '.');
    git(source, 'commit', '--quiet', '-m', 'vulnerable');
    const vulnerableCommit = git(source, 'rev-parse', 'HEAD');
    writeFileSync(path.join(source, 'web', 'item.php'), fixed);
    git(source, 'commit', '--quiet', '-am', 'fix');
    const fixedCommit = git(source, 'rev-parse', 'HEAD');

    const set = path.join(work, 'set');
    mkdirSync(path.join(set, 'labels'), { recursive: true });
    writeFileSync(
      path.join(set, 'apps.json'),
      JSON.stringify([
        { name: 'shop', repo: 'acme/shop', commit: vulnerableCommit, fixedCommit, advisory: 'CVE-0000-0001', languages: ['php'], kind: 'advisory', what: 'test', paths: ['web'] },
      ]),
    );
    const label = (line: number, type: string) => ({ file: 'web/item.php', line, type, note: 'test' });
    writeFileSync(
      path.join(set, 'labels', 'shop.json'),
      JSON.stringify({ vulnerable: [label(3, 'SQL_INJECTION'), label(2, 'SQL_INJECTION')], safe: [label(5, 'SQL_INJECTION'), label(6, 'COMMAND_INJECTION')] }),
    );

    const out = path.join(work, 'out.json');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'bench', 'real-apps.ts'), '--set', set, '--root', path.join(work, 'checkouts'), '--checkout', '--mirrors', path.join(work, 'mirrors'), '--json', out, '--verbose'],
      { encoding: 'utf8', cwd: REPO },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.equal(git(path.join(work, 'checkouts', 'shop@fixed'), 'rev-parse', 'HEAD'), fixedCommit);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const php = report.byLanguage.php;
    assert.deepEqual(
      [php.vulnerable, php.found, php.safe, php.safeHit, php.fixedFindings, php.unlabelled],
      [2, 1, 2, 1, 1, 1],
      JSON.stringify(report.apps, null, 1),
    );
    assert.equal(php.recall, 0.5);
    assert.equal(php.precision, 1 / 3, 'one label found against a safe label hit and a fixed-version finding');
    assert.deepEqual(report.apps[0].unlabelled.map((f: { line: number; type: string }) => `${f.line} ${f.type}`), ['7 XSS']);
    assert.deepEqual(report.apps[0].fixedHits.map((f: { file: string; line: number }) => `${f.file}:${f.line}`), ['web/item.php:4']);
    assert.match(run.stdout, /missed web\/item\.php:2 SQL_INJECTION/);
    assert.match(run.stdout, /- unlabelled \{"file":"web\/item\.php","line":7,"type":"XSS","note":""\}/, 'an unlabelled finding is listed as a label to fill in');
    assert.match(run.stdout, /\| php \| 1 \| 2 \| 1 \| 50\.0% \| 1\/2 \| 1 \| 33\.3% \| 1 \|/);

    // A checkout at another commit is refused, not scored.
    git(path.join(work, 'checkouts', 'shop'), 'checkout', '--quiet', '--detach', fixedCommit);
    const moved = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'real-apps.ts'), '--set', set, '--root', path.join(work, 'checkouts')], { encoding: 'utf8', cwd: REPO });
    assert.equal(moved.status, 2);
    assert.match(moved.stderr, /shop is at [0-9a-f]{40}, not the pinned/);

    // A label on a file the checkout does not have is a mistake in the labels, not a miss.
    git(path.join(work, 'checkouts', 'shop'), 'checkout', '--quiet', '--detach', vulnerableCommit);
    writeFileSync(path.join(set, 'labels', 'shop.json'), JSON.stringify({ vulnerable: [{ file: 'web/items.php', line: 3, type: 'SQL_INJECTION', note: 'typo' }] }));
    const typo = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'real-apps.ts'), '--set', set, '--root', path.join(work, 'checkouts')], { encoding: 'utf8', cwd: REPO });
    assert.equal(typo.status, 2);
    assert.match(typo.stderr, /names web\/items\.php, which shop does not have/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('matching: same file and type, line within [line, endLine], one finding per (file, line, type)', () => {
  const app: App = { name: 'a', repo: 'o/a', commit: '0'.repeat(40), languages: ['java', 'javascript'], kind: 'app', what: 'x' };
  const labels = {
    vulnerable: [
      { file: 'src/A.java', line: 10, endLine: 12, type: 'SQL_INJECTION' as const, note: 'multi-line call' },
      { file: 'src/A.java', line: 20, type: 'XSS' as const, note: 'x' },
      { file: 'web/app.js', line: 5, type: 'XSS' as const, note: 'x' },
    ],
    safe: [{ file: 'src/A.java', line: 30, type: 'SQL_INJECTION' as const, note: 'bound parameter' }],
  };
  const result = scoreApp(app, labels, [
    { file: 'src/A.java', line: 12, type: 'SQL_INJECTION' }, // inside the range: found
    { file: 'src/A.java', line: 12, type: 'SQL_INJECTION', ruleId: 'other' }, // same sink again
    { file: 'src/A.java', line: 21, type: 'XSS' }, // one line off: not the label
    { file: 'src/A.java', line: 20, type: 'SQL_INJECTION' }, // other type on the line
    { file: 'src/B.java', line: 30, type: 'SQL_INJECTION' }, // other file
    { file: 'src/A.java', line: 30, type: 'SQL_INJECTION' }, // safe label hit
    { file: 'web/app.js', line: 5, type: 'XSS' },
  ]);
  assert.deepEqual(result.found.map((l) => l.line), [10, 5]);
  assert.deepEqual(result.missed.map((l) => l.line), [20]);
  assert.deepEqual(result.safeHits.map((h) => h.label.line), [30]);
  assert.deepEqual(result.unlabelled.map((f) => `${f.file}:${f.line}`), ['src/A.java:21', 'src/A.java:20', 'src/B.java:30']);
  const summary = summarise([app], [result]);
  assert.deepEqual([summary.byLanguage.java!.vulnerable, summary.byLanguage.java!.found, summary.byLanguage.javascript!.found], [2, 1, 1]);
  assert.equal(summary.overall.recall, 2 / 3);
  assert.equal(summary.overall.precision, 2 / 3);
});
