// bench/speed-apps.ts on a web app made here: a real git repository in a temp dir, cloned
// by --checkout from a mirrors folder, scanned by the real CLI beside ast-grep and ESLint
// (devDependencies); then the file selection and the ratios on their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countLines, filesFor, parseSpeedApps, ratios, table, ESLINT_FILES, AST_GREP_FILES, type AppRow } from '../../bench/lib/speed-apps.ts';
import { keepBest } from '../../bench/lib/timing.ts';
import { PHASES, phaseShares, phaseTimes, type CpuProfile } from '../../bench/lib/profile-phases.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

const handler = [
  "const express = require('express');",
  "const { exec } = require('child_process');",
  'const app = express();',
  "app.get('/ping', (req, res) => {",
  "  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));",
  '});',
  'module.exports = app;',
  '',
].join('\n');

test('speed-apps: --checkout from mirrors, then the scanner, ast-grep and ESLint on the same files', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-speed-apps-test-'));
  try {
    const source = path.join(work, 'mirrors', 'acme+shop', 'repo');
    mkdirSync(path.join(source, 'src'), { recursive: true });
    mkdirSync(path.join(source, 'public'), { recursive: true });
    git(source, 'init', '--quiet');
    writeFileSync(path.join(source, 'src', 'app.js'), handler);
    writeFileSync(path.join(source, 'src', 'view.ts'), 'export const title = (name: string): string => `<h1>${name}</h1>`;\n');
    // A bundle on one long line: the scanner skips it as minified, so the others must not get it.
    writeFileSync(path.join(source, 'public', 'bundle.js'), `var a=${JSON.stringify('x'.repeat(5000))};eval(a);\n`);
    writeFileSync(path.join(source, 'README.md'), 'shop\n');
    git(source, 'add', '.');
    git(source, 'commit', '--quiet', '-m', 'app');
    const commit = git(source, 'rev-parse', 'HEAD');
    const set = path.join(work, 'apps.json');
    writeFileSync(set, JSON.stringify([{ name: 'shop', repo: 'acme/shop', commit, languages: ['javascript'], what: 'a shop', eslint: true }]));

    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'bench', 'speed-apps.ts'), '--set', set, '--root', path.join(work, 'apps'), '--checkout', '--mirrors', path.join(work, 'mirrors'), '--jobs', '1', '--repeat', '2', '--phases', '--out', path.join(work, 'out'), '--json'],
      { cwd: REPO, encoding: 'utf8', timeout: 300_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    const [row] = report.rows;
    assert.equal(row.app, 'shop');
    assert.equal(row.commit, commit);
    assert.equal(row.load.length, 2, 'the load is recorded before each round');
    assert.ok(row.scanner.findings >= 1, 'the command injection in the handler is found');
    assert.ok(row.scanner.seconds > 0 && row.scanner.cpuSeconds > 0, JSON.stringify(row.scanner));
    // Two code files: the bundle the scanner skipped is given to neither tool.
    assert.equal(row.astGrep.files, 2);
    assert.equal(row.eslint.files, 2);
    assert.equal(row.codeLines, 8);
    assert.ok(row.astGrep.seconds > 0 && row.eslint.seconds > 0);
    assert.ok(row.ratios.versusAstGrep > 0 && row.ratios.eslintOverScanner > 0, JSON.stringify(row.ratios));
    assert.doesNotMatch(report.missing.join('\n'), /ESLint|ast-grep/, 'both come with the devDependencies');
    // --phases: a profiled one-thread scan, its time shared out over every phase.
    const [{ app, shares }] = report.phases;
    assert.equal(app, 'shop');
    assert.deepEqual(Object.keys(shares), [...PHASES]);
    assert.ok(Math.abs(Object.values(shares as Record<string, number>).reduce((a, b) => a + b, 0) - 1) < 1e-9, JSON.stringify(shares));
    assert.ok(shares['taint analysis'] > 0, 'the handler is walked for taint');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('speed-apps: a profile sample counts in the innermost engine phase on its stack', () => {
  const url = (module: string) => `file:///app/dist/engine/${module}.js`;
  const frames: [string, string][] = [
    ['(root)', ''],
    ['analyseFile', url('analyze')], // 2: glue, no phase of its own
    ['analyzeFile', url('taint/engine')], // 3: taint
    ['lookUp', url('project/project')], // 4: resolving a call, inside the taint walk
    ['parseSync', url('parse/parser')], // 5: a parse asked for while resolving
    ['parseSync', url('parse/parser')], // 6: the file's own parse
    ['get namedChildren', 'file:///app/node_modules/web-tree-sitter/web-tree-sitter.js'], // 7: library code in the taint walk
    ['compile', url('patterns/matcher')], // 8
    ['(garbage collector)', ''], // 9
    ['render', url('templates/index')], // 10: templates, inside the taint walk
    ['readFile', 'node:fs'], // 11: no phase at all
  ];
  const nodes = frames.map(([functionName, u], i) => ({ id: i + 1, callFrame: { functionName, url: u }, children: [] as number[] }));
  const link = (parent: number, child: number) => nodes[parent - 1]!.children.push(child);
  link(1, 2);
  link(2, 3);
  link(3, 4);
  link(4, 5);
  link(2, 6);
  link(3, 7);
  link(2, 8);
  link(1, 9);
  link(3, 10);
  link(1, 11);
  const profile: CpuProfile = { nodes, samples: [3, 5, 6, 7, 8, 9, 10, 11, 4, 2], timeDeltas: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] };
  assert.deepEqual(phaseTimes(profile), {
    'taint analysis': 10 + 40,
    'parsing the files analysed': 30,
    'cross-package resolution: definitions': 90,
    'cross-package resolution: parsing the files calls lead into': 20,
    templates: 70,
    'pattern rules': 0,
    'compiling queries': 50,
    secrets: 0,
    'garbage collection': 60,
    'reading files, start-up, report': 80 + 100,
  });
  assert.equal(phaseShares(profile)['taint analysis'], 50 / 550);
});

test('speed-apps: a checkout at another commit than the pinned one is refused', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-speed-apps-test-'));
  try {
    const app = path.join(work, 'apps', 'shop');
    mkdirSync(app, { recursive: true });
    git(app, 'init', '--quiet');
    writeFileSync(path.join(app, 'a.js'), 'x();\n');
    git(app, 'add', '.');
    git(app, 'commit', '--quiet', '-m', 'a');
    const set = path.join(work, 'apps.json');
    writeFileSync(set, JSON.stringify([{ name: 'shop', repo: 'acme/shop', commit: '0'.repeat(40), languages: ['javascript'], what: 'a shop', eslint: true }]));
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench', 'speed-apps.ts'), '--set', set, '--root', path.join(work, 'apps')], { cwd: REPO, encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /shop is at [0-9a-f]{40}, not the pinned 0{40}/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('speed-apps: each tool gets the tracked files of its languages that the scanner did not skip', () => {
  const tracked = ['a/app.ts', 'a/types.d.ts', 'a/view.tsx', 'b/views.py', 'b/page.html', 'c/bundle.js', 'd/Main.java', 'e/x.php'];
  assert.deepEqual(filesFor(tracked, ['c/bundle.js'], ESLINT_FILES), ['a/app.ts', 'a/view.tsx']);
  assert.deepEqual(filesFor(tracked, ['c/bundle.js'], AST_GREP_FILES), ['a/app.ts', 'a/view.tsx', 'b/views.py', 'd/Main.java']);
});

test('speed-apps: ratios against the targets, wall and CPU time', () => {
  const row: AppRow = {
    app: 'x',
    commit: 'a'.repeat(40),
    scannerLines: 120_000,
    codeLines: 100_000,
    scanner: { seconds: 6, cpuSeconds: 8, reportedMs: 5500, findings: 3 },
    astGrep: { seconds: 2, cpuSeconds: 2, files: 10, matches: 1 },
    eslint: { seconds: 36, cpuSeconds: 60, files: 10, lines: 100_000, messages: 4 },
    load: [1.5, 2],
  };
  assert.deepEqual(ratios(row), { versusAstGrep: 3, eslintOverScanner: 6, cpuVersusAstGrep: 4, cpuEslintOverScanner: 7.5, meetsTargets: true });
  assert.equal(ratios({ ...row, scanner: { ...row.scanner, seconds: 7 } }).meetsTargets, false, '3.5× of ast-grep misses the target');
  assert.equal(ratios({ ...row, astGrep: undefined, eslint: undefined }).meetsTargets, undefined);
  const [, , line] = table([row], 2);
  assert.match(line!, /\| x \| aaaaaaaaaa \| 100000 \(120000\) \| 6\.0 \/ 8\.0 s \|.*\| 3\.0× \/ 4\.0× \|.*\| 6\.0× \/ 7\.5× \| 1\.5, 2\.0 \|$/);
});

test('speed-apps: the best of several runs keeps the lowest times and the highest memory', () => {
  const first = keepBest(undefined, { seconds: 5, cpuSeconds: 4, peakMiB: 100, exitCode: 0, stdout: 'a' });
  const second = keepBest(first, { seconds: 4, cpuSeconds: 4.5, peakMiB: 90, exitCode: 0, stdout: 'b' });
  assert.deepEqual(second, { seconds: 4, cpuSeconds: 4, peakMiB: 100, exitCode: 0, stdout: 'b' });
});

test('speed-apps: the app list is validated', () => {
  const app = { name: 'a', repo: 'o/a', commit: 'b'.repeat(40), languages: ['go'], what: 'x', eslint: false };
  assert.equal(parseSpeedApps([app]).length, 1);
  assert.throws(() => parseSpeedApps([app, app]), /listed twice/);
  assert.throws(() => parseSpeedApps([{ ...app, commit: 'main' }]), /40-hex/);
  assert.equal(countLines('a\nb\n'), 2);
  assert.equal(countLines('a\nb'), 2);
  assert.equal(countLines(''), 0);
});
