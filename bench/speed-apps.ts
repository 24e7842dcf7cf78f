// Speed of `scanner scan` on real web applications (bench/speed-apps.json: request
// handlers, services and templates across packages, 100k+ lines each), side by side in
// one run with ast-grep (~20 simple patterns, the floor of parse + match) and, on the
// JavaScript/TypeScript apps, the ESLint security set.
//
//   node --import tsx bench/speed-apps.ts [--root DIR] [--apps a,b]
//        [--checkout (--mirrors DIR | --from-github)] [--jobs 2] [--repeat N]
//        [--tools scanner,ast-grep,eslint] [--phases] [--keep-env] [--json] [--out DIR] [--set FILE]
//
// --root      where the checkouts are, one folder per app name (default: speed-apps beside
//             the repository)
// --checkout  first clone every missing checkout at its pinned commit, from --mirrors DIR
//             (`DIR/<owner>+<name>/repo`) or, with --from-github, from https://github.com
// --repeat N  runs the tools of an app in turn N times and keeps each one's fastest run
//             (peak memory: the highest); the load average is recorded before each round
// --phases    also profile one more scan of each app on one thread (`node --cpu-prof`,
//             `--jobs 1`) and print the share of each phase: taint analysis, parsing,
//             cross-package resolution, templates, pattern rules, secrets, …
// --set       the app list (default bench/speed-apps.json)
//
// The scanner runs as a user runs it: `scanner scan DIR --no-cache` with its default
// analysis (cross-package resolution and templates included), `--jobs` threads. ast-grep
// and ESLint (`--concurrency` = `--jobs`) get the files of their languages that the
// scanner did not skip (minified, vendored, generated), so all read the same code.
// Like bench/speed.ts it times without NODE_EXTRA_CA_CERTS (--keep-env keeps it) and stops
// when dist/ is older than the sources.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failer, printUsage } from './lib/script.ts';
import { checkoutPinned, git, headCommit } from './lib/checkout.ts';
import { envWithout, findAstGrep, findEslint, gnuTime, keepBest, measureOnce, staleBuild, type Measure } from './lib/timing.ts';
import { AST_GREP_FILES, ESLINT_FILES, countLines, filesFor, parseSpeedApps, ratios, table, type AppRow, type SpeedApp } from './lib/speed-apps.ts';
import { PHASES, phaseShares, type CpuProfile, type Phase } from './lib/profile-phases.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNER = path.join(REPO, 'bin', 'scanner.js');
const TOOLS = ['scanner', 'ast-grep', 'eslint'] as const;

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    apps: { type: 'string' },
    checkout: { type: 'boolean', default: false },
    mirrors: { type: 'string' },
    'from-github': { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    repeat: { type: 'string', default: '1' },
    tools: { type: 'string', default: TOOLS.join(',') },
    phases: { type: 'boolean', default: false },
    'keep-env': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
    set: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) printUsage(import.meta.url);
// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('speed-apps');

const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) fail('--repeat must be a whole number from 1 to 10');
const jobs = Number(values.jobs);
if (!Number.isInteger(jobs) || jobs < 1) fail('--jobs must be a whole number >= 1');
const tools = values.tools.split(',').map((t) => t.trim());
for (const tool of tools) if (!(TOOLS as readonly string[]).includes(tool)) fail(`unknown tool ${tool} (${TOOLS.join(', ')})`);
if (!tools.includes('scanner')) fail('--tools must include scanner: the others get the files it did not skip');

const setFile = path.resolve(values.set ?? path.join(REPO, 'bench', 'speed-apps.json'));
let apps: SpeedApp[];
try {
  apps = parseSpeedApps(JSON.parse(readFileSync(setFile, 'utf8')));
} catch (error) {
  fail(`${setFile}: ${(error as Error).message}`);
}
const wanted = values.apps?.split(',').map((a) => a.trim()).filter(Boolean);
for (const name of wanted ?? []) if (!apps.some((a) => a.name === name)) fail(`unknown app ${name} (see ${path.relative(REPO, setFile)})`);
const selected = apps.filter((a) => !wanted || wanted.includes(a.name));
const root = path.resolve(values.root ?? path.join(REPO, '..', 'speed-apps'));
const OUT = path.resolve(values.out ?? path.join(REPO, 'bench', 'out', 'speed-apps'));
mkdirSync(OUT, { recursive: true });

const log = (message: string) => process.stderr.write(`${message}\n`);

if (values.checkout) {
  if (!values.mirrors && !values['from-github']) fail('--checkout needs --mirrors DIR or --from-github');
  for (const app of selected) {
    try {
      checkoutPinned(app.repo, app.commit, path.join(root, app.name), { mirrors: values.mirrors, fromGithub: values['from-github'] });
    } catch (error) {
      fail((error as Error).message);
    }
  }
}
for (const app of selected) {
  const directory = path.join(root, app.name);
  if (!existsSync(directory)) fail(`${app.name} is not checked out at ${directory} (run with --checkout --mirrors DIR or --from-github)`);
  const head = headCommit(directory);
  if (head !== app.commit) fail(`${app.name} is at ${head ?? 'no commit'}, not the pinned ${app.commit}`);
}

const stale = staleBuild(REPO);
if (stale) fail(stale);
const TIME = gnuTime();
const astGrep = tools.includes('ast-grep') ? findAstGrep() : undefined;
const eslint = tools.includes('eslint') ? findEslint() : undefined;
const missing: string[] = [];
if (!TIME) missing.push('GNU time (peak memory): apt-get install time');
if (tools.includes('ast-grep') && !astGrep) missing.push('ast-grep: npm install (devDependency @ast-grep/cli)');
if (tools.includes('eslint') && !eslint) missing.push('ESLint with eslint-plugin-security and @microsoft/eslint-plugin-sdl: npm install (devDependencies)');
const DROPPED_ENV = values['keep-env'] ? [] : ['NODE_EXTRA_CA_CERTS'].filter((name) => process.env[name] !== undefined);
const TIMED_ENV = envWithout(DROPPED_ENV);
const timeFile = path.join(OUT, 'time.txt');

function run(command: string, args: string[], cwd: string): Measure {
  try {
    return measureOnce(command, args, { cwd, env: TIMED_ENV, okCodes: [0, 1], time: TIME, timeFile });
  } catch (error) {
    return fail((error as Error).message);
  }
}

interface ScannerReport {
  findings: unknown[];
  summary: { linesScanned: number; durationMs: number; skipped: { path: string }[] };
}

function measureApp(app: SpeedApp): AppRow {
  const directory = path.join(root, app.name);
  const report = path.join(OUT, `${app.name}.json`);
  // A mirror may lack its largest blobs: such files are absent from the checkout, so from the scan too.
  const tracked = git(['ls-files', '-z'], directory).split('\0').filter((f) => f && existsSync(path.join(directory, f)));
  // The scanner's first run decides what the others read; timed like the later rounds.
  let scanner: Measure | undefined;
  let reportedMs = Infinity;
  let astGrepBest: Measure | undefined;
  let eslintBest: Measure | undefined;
  let astGrepFiles: string[] = [];
  let eslintFiles: string[] = [];
  const load: number[] = [];
  for (let round = 0; round < repeat; round++) {
    load.push(loadavg()[0]!);
    // `--no-cache` neither reads nor writes the cache; the folder is removed in case a user scan left one.
    rmSync(path.join(directory, '.scanner'), { recursive: true, force: true });
    const scan = run(process.execPath, [SCANNER, 'scan', directory, '--no-cache', '--format', 'json', '--output', report, '--jobs', String(jobs)], REPO);
    scanner = keepBest(scanner, scan);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as ScannerReport;
    reportedMs = Math.min(reportedMs, parsed.summary.durationMs);
    if (round === 0) {
      const skipped = parsed.summary.skipped.map((s) => s.path);
      astGrepFiles = filesFor(tracked, skipped, AST_GREP_FILES);
      eslintFiles = app.eslint ? filesFor(tracked, skipped, ESLINT_FILES) : [];
    }
    log(`${app.name} round ${round + 1}: scanner ${scan.seconds.toFixed(1)} s (load ${load.at(-1)!.toFixed(1)})`);
    if (astGrep && astGrepFiles.length) {
      const config = path.join(REPO, 'bench', 'ast-grep-rules', 'sgconfig.yml');
      const m = run(astGrep, ['scan', '--config', config, '--json=stream', '--threads', String(jobs), ...astGrepFiles], directory);
      astGrepBest = keepBest(astGrepBest, m);
      log(`${app.name} round ${round + 1}: ast-grep ${m.seconds.toFixed(2)} s on ${astGrepFiles.length} files`);
    }
    if (eslint && eslintFiles.length) {
      const out = path.join(OUT, `${app.name}.eslint.json`);
      const config = path.join(REPO, 'bench', 'eslint-security.config.js');
      // ESLint lints only below its cwd: it runs in the checkout, with the config given by path.
      const args = [eslint, '--config', config, '--no-warn-ignored', '--concurrency', String(jobs), '--format', 'json', '--output-file', out, ...eslintFiles];
      const m = run(process.execPath, args, directory);
      eslintBest = keepBest(eslintBest, { ...m, stdout: readFileSync(out, 'utf8') });
      log(`${app.name} round ${round + 1}: ESLint ${m.seconds.toFixed(1)} s on ${eslintFiles.length} files`);
    }
  }
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as ScannerReport;
  const linesOf = (files: string[]) => files.reduce((sum, f) => sum + countLines(readFileSync(path.join(directory, f), 'utf8')), 0);
  const row: AppRow = {
    app: app.name,
    commit: app.commit,
    scannerLines: parsed.summary.linesScanned,
    codeLines: linesOf(astGrepFiles),
    scanner: { seconds: scanner!.seconds, cpuSeconds: scanner!.cpuSeconds, peakMiB: scanner!.peakMiB, reportedMs, findings: parsed.findings.length },
    load,
  };
  if (astGrepBest) {
    const matches = astGrepBest.stdout.split('\n').filter((l) => l.trim()).length;
    row.astGrep = { seconds: astGrepBest.seconds, cpuSeconds: astGrepBest.cpuSeconds, peakMiB: astGrepBest.peakMiB, files: astGrepFiles.length, matches };
  }
  if (eslintBest) {
    const messages = (JSON.parse(eslintBest.stdout) as { messages: unknown[] }[]).reduce((n, file) => n + file.messages.length, 0);
    row.eslint = { seconds: eslintBest.seconds, cpuSeconds: eslintBest.cpuSeconds, peakMiB: eslintBest.peakMiB, files: eslintFiles.length, lines: linesOf(eslintFiles), messages };
  }
  return row;
}

/** Phase shares of one scan of the app on one thread, from a CPU profile (sampled every millisecond). */
function profileApp(app: SpeedApp): Record<Phase, number> {
  const dir = path.join(OUT, `profile-${app.name}`);
  rmSync(dir, { recursive: true, force: true });
  const args = ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '1000', SCANNER, 'scan', path.join(root, app.name), '--no-cache', '--jobs', '1', '--format', 'json', '--output', path.join(OUT, `${app.name}.profiled.json`)];
  run(process.execPath, args, REPO);
  const profiles = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (profiles.length !== 1) fail(`expected one CPU profile of the one-thread scan in ${dir}, found ${profiles.length}`);
  log(`${app.name}: profiled`);
  return phaseShares(JSON.parse(readFileSync(path.join(dir, profiles[0]!), 'utf8')) as CpuProfile);
}

const rows = selected.map(measureApp);
const phases = values.phases ? selected.map((app) => ({ app: app.name, shares: profileApp(app) })) : [];
writeFileSync(path.join(OUT, 'speed-apps.json'), JSON.stringify({ jobs, repeat, droppedEnv: DROPPED_ENV, rows, phases, missing }, null, 2));
if (values.json) {
  process.stdout.write(`${JSON.stringify({ jobs, repeat, rows: rows.map((r) => ({ ...r, ratios: ratios(r) })), phases, missing }, null, 2)}\n`);
} else {
  const apps = selected.map((a) => a.name).join(',');
  process.stdout.write(
    [
      `Speed on web applications, ${jobs} threads, best of ${repeat} (\`node --import tsx bench/speed-apps.ts --apps ${apps} --jobs ${jobs} --repeat ${repeat}\`)`,
      '',
      ...table(rows, jobs),
      '',
      '"code lines": lines of the files of ast-grep\'s languages that the scanner did not skip; "scanned": the lines the scanner reports (templates and the text files it reads for secrets too). Wall time of the whole command, then its CPU time (user + system, all threads), each the best of the rounds; "load": the one-minute load average before each round.',
      '',
    ].join('\n'),
  );
  if (phases.length) {
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    process.stdout.write(
      [
        `Where the time goes: one-thread scans profiled with \`node --cpu-prof\`, each sample counted in the innermost engine phase on its stack (load ${loadavg()[0]!.toFixed(1)})`,
        '',
        `| phase | ${phases.map((p) => p.app).join(' | ')} |`,
        `| --- |${phases.map(() => ' ---: |').join('')}`,
        ...PHASES.map((phase) => `| ${phase} | ${phases.map((p) => pct(p.shares[phase])).join(' | ')} |`),
        '',
      ].join('\n'),
    );
  }
}
if (missing.length) log(`\nMissing (their columns are empty):\n${missing.map((m) => `  - ${m}`).join('\n')}`);
