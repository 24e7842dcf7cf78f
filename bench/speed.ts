// Speed of `scanner scan` on real code from the registries, side by side in one
// run with the tools a user would otherwise run on the same files:
//   Python      Debian's bandit
//   JS/TS       ESLint + eslint-plugin-security + @microsoft/eslint-plugin-sdl
//   every set   @ast-grep/cli with ~20 simple patterns (the floor of parse + match)
// plus a second scan of the unchanged tree (the result cache).
//
//   node --import tsx bench/speed.ts [--datasets python,jsts,java,go] [--lines N]
//        [--jobs 2] [--repeat N] [--install] [--keep-env] [--json] [--out DIR]
// --repeat N times every command N times and keeps the fastest run (peak memory: the highest).
// The commands run without NODE_EXTRA_CA_CERTS (--keep-env keeps it): with it, every Node
// process (the scanner, ESLint) parses that CA bundle before running a line of its own,
// a fixed cost of the machine's set-up, not of a tool. Node's own start (`node -e 0`) is
// timed in the same run, and with the variable too when it was set.
//
// Datasets (copied under bench/out/data or --out DIR, at most --lines lines each, default 100000):
//   python  the Python standard library (/usr/lib/python3.*)
//   jsts    JavaScript and TypeScript of npm packages in node_modules: zod's and ajv's
//           TypeScript sources, eslint, yaml, typescript-eslint, pg-boss, commander,
//           acorn (no .d.ts declaration files)
//   java    the JDK's java.base sources (Debian openjdk-17-source)
//   go      the Go standard library (Debian golang-src)
// --install runs apt-get for the Debian packages that are missing (needs root).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failer, printUsage } from './lib/script.ts';
import { astGrepPlatformPackage, findAstGrep as findAstGrepBinary, findEslint as findEslintBin, keepBest, measureOnce as measureCommand, staleBuild, type Measure as Timed } from './lib/timing.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNER = path.join(REPO, 'bin', 'scanner.js');

const { values } = parseArgs({
  options: {
    datasets: { type: 'string', default: 'python,jsts,java,go' },
    lines: { type: 'string', default: '100000' },
    jobs: { type: 'string', default: '2' },
    repeat: { type: 'string', default: '1' },
    install: { type: 'boolean', default: false },
    'keep-env': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) printUsage(import.meta.url);
// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('speed');
/** Copied code sets, reports and timings; gitignored. */
const OUT = path.resolve(values.out ?? path.join(REPO, 'bench', 'out'));
mkdirSync(OUT, { recursive: true });
const lineBudget = Number(values.lines);
const jobs = values.jobs;
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) fail('--repeat must be a whole number from 1 to 10');
if (!Number.isInteger(lineBudget) || lineBudget < 1000) fail('--lines must be a whole number >= 1000');

const log = (message: string) => process.stderr.write(`${message}\n`);
const missing: string[] = [];

/** The environment of the timed commands (see the header). */
const DROPPED_ENV = values['keep-env'] ? [] : ['NODE_EXTRA_CA_CERTS'].filter((name) => process.env[name] !== undefined);
const TIMED_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !DROPPED_ENV.includes(name)));

// ---------------------------------------------------------------- tools

function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

function aptInstall(pkg: string): boolean {
  if (!values.install) return false;
  log(`installing Debian package ${pkg}…`);
  const run = spawnSync('sh', ['-c', `apt-get install -y -qq ${pkg} || (apt-get update -qq && apt-get install -y -qq ${pkg})`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

const GNU_TIME = existsSync('/usr/bin/time') || aptInstall('time') ? '/usr/bin/time' : undefined;
if (!GNU_TIME) missing.push('GNU time (peak memory): apt-get install time');

function findBandit(): string | undefined {
  const found = which('bandit');
  if (found) return found;
  if (aptInstall('bandit')) return which('bandit');
  missing.push('bandit (the Python comparison): apt-get install bandit, or rerun with --install');
  return undefined;
}

function findAstGrep(): string | undefined {
  const found = findAstGrepBinary();
  if (!found) missing.push(`ast-grep (the parse + match floor): npm install (devDependency @ast-grep/cli, package ${astGrepPlatformPackage()})`);
  return found;
}

function findEslint(): string | undefined {
  const found = findEslintBin();
  if (!found) missing.push('ESLint with eslint-plugin-security and @microsoft/eslint-plugin-sdl: npm install (devDependencies)');
  return found;
}

// ---------------------------------------------------------------- datasets

interface Dataset {
  name: string;
  description: string;
  dir: string;
  files: number;
  lines: number;
}

/** Bumped when a set's selection changes: sets copied by an earlier version are copied again. */
const DATASETS_VERSION = 2;

const CODE = /\.(py|js|mjs|cjs|ts|mts|cts|tsx|java|go)$/;
/** What the engine would skip anyway (bundles, minified): other tools should not get it either. */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Copies code files (sorted, so the selection is stable) until the line budget is spent.
 * A source with a `share` gives at most that fraction of the budget, so that one large
 * package does not make up the whole set.
 */
function copyWithBudget(
  sources: { from: string; to: string; share?: number }[],
  target: string,
  accept: (rel: string) => boolean,
): { files: number; lines: number } {
  rmSync(target, { recursive: true, force: true });
  let files = 0;
  let lines = 0;
  let sourceLimit = Infinity;
  const visit = (from: string, to: string, rel: string): boolean => {
    for (const name of readdirSync(from).sort()) {
      const full = path.join(from, name);
      const relPath = rel ? `${rel}/${name}` : name;
      let info;
      try {
        info = statSync(full);
      } catch {
        continue;
      }
      if (info.isDirectory()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        if (!visit(full, path.join(to, name), relPath)) return false;
        continue;
      }
      if (!info.isFile() || !CODE.test(name) || info.size > MAX_FILE_BYTES || !accept(relPath)) continue;
      const text = readFileSync(full, 'utf8');
      const fileLines = text.split('\n').length;
      if (text.length / fileLines > 200) continue; // minified
      mkdirSync(to, { recursive: true });
      writeFileSync(path.join(to, name), text);
      files++;
      lines += fileLines;
      if (lines >= lineBudget) return false;
      if (lines >= sourceLimit) return true;
    }
    return true;
  };
  for (const { from, to, share } of sources) {
    sourceLimit = share ? lines + share * lineBudget : Infinity;
    if (lines >= lineBudget) break;
    visit(from, path.join(target, to), '');
  }
  return { files, lines };
}

function prepare(name: string): Dataset | undefined {
  const dir = path.join(OUT, 'data', `${name}-${lineBudget}`);
  const stamp = path.join(OUT, 'data', `${name}-${lineBudget}.json`);
  const made = (description: string, counts: { files: number; lines: number }) => {
    writeFileSync(stamp, JSON.stringify({ version: DATASETS_VERSION, description, ...counts }));
    return { name, description, dir, ...counts };
  };
  if (existsSync(stamp) && existsSync(dir)) {
    const { version, ...saved } = JSON.parse(readFileSync(stamp, 'utf8'));
    if (version === DATASETS_VERSION) return { name, dir, ...saved };
  }
  mkdirSync(path.join(OUT, 'data'), { recursive: true });
  switch (name) {
    case 'python': {
      const lib = readdirSync('/usr/lib')
        .filter((d) => /^python3\.\d+$/.test(d))
        .sort((a, b) => Number(b.split('.')[1]) - Number(a.split('.')[1]))[0];
      if (!lib) {
        missing.push('Python standard library: apt-get install libpython3-stdlib');
        return undefined;
      }
      const counts = copyWithBudget([{ from: `/usr/lib/${lib}`, to: lib }], dir, (rel) => !/(^|\/)(site-packages|dist-packages)\//.test(rel));
      return made(`Python standard library (${lib})`, counts);
    }
    case 'jsts': {
      // TypeScript sources (zod's, ajv's) and JavaScript (eslint's, and compiled packages), no
      // more than 40% from one package. Declaration files (.d.ts) are left out: they hold no
      // code, and the scanner reads them only for secrets while ESLint parses them.
      const packages: [string, number?][] = [['zod/src', 0.4], ['eslint/lib', 0.4], ['ajv/lib'], ['yaml'], ['@typescript-eslint/eslint-plugin/dist'], ['pg-boss/dist'], ['commander'], ['acorn/dist']];
      const sources = packages
        .map(([p, share]) => ({ from: path.join(REPO, 'node_modules', p), to: p, share }))
        .filter((s) => existsSync(s.from));
      if (sources.length === 0) {
        missing.push('npm packages for the JS/TS set: npm install');
        return undefined;
      }
      const counts = copyWithBudget(sources, dir, (rel) => !/\.d\.[cm]?ts$/.test(rel));
      return made(`JS/TS from npm packages (${sources.map((s) => s.to).join(', ')})`, counts);
    }
    case 'java': {
      let zip = ['/usr/lib/jvm/openjdk-17/lib/src.zip', '/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip'].find(existsSync);
      if (!zip && aptInstall('openjdk-17-source')) zip = ['/usr/lib/jvm/openjdk-17/lib/src.zip', '/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip'].find(existsSync);
      if (!zip) {
        missing.push('JDK sources: apt-get install openjdk-17-source, or rerun with --install');
        return undefined;
      }
      const unpacked = path.join(OUT, 'data', 'jdk-src');
      if (!existsSync(path.join(unpacked, 'java.base'))) {
        mkdirSync(unpacked, { recursive: true });
        const unzip = which('unzip')
          ? spawnSync('unzip', ['-q', '-o', zip, 'java.base/*', '-d', unpacked])
          : spawnSync('python3', ['-c', 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); [z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith("java.base/")]', zip, unpacked]);
        if (unzip.status !== 0) fail(`cannot unpack ${zip}`);
      }
      const counts = copyWithBudget([{ from: path.join(unpacked, 'java.base'), to: 'java.base' }], dir, () => true);
      return made('JDK 17 java.base sources (openjdk-17-source)', counts);
    }
    case 'go': {
      const find = () => ['/usr/share/go/src', '/usr/lib/go/src'].find((p) => existsSync(path.join(p, 'net', 'http')));
      let src = find();
      if (!src && aptInstall('golang-src')) src = find();
      if (!src) {
        missing.push('Go standard library: apt-get install golang-src, or rerun with --install');
        return undefined;
      }
      const counts = copyWithBudget([{ from: src, to: 'go' }], dir, (rel) => !/(^|\/)testdata\//.test(rel));
      return made('Go standard library (golang-src)', counts);
    }
    default:
      return fail(`unknown dataset ${name} (python, jsts, java, go)`);
  }
}

// ---------------------------------------------------------------- measuring

interface Measure extends Timed {
  /** The scan's own time as its report gives it (`summary.durationMs`), best of the runs. */
  reportedMs?: number;
}

/**
 * Best of --repeat runs: on a shared machine the fastest run is the one least
 * disturbed by others. `before` runs ahead of each (e.g. to empty the cache).
 * Peak memory is the highest seen. With `report` (a scanner JSON report the command
 * writes), the scan's own time is read from it after each run.
 */
function measure(
  command: string,
  args: string[],
  cwd: string,
  okCodes: number[],
  options: { before?: () => void; report?: string } = {},
): Measure {
  let best: Measure | undefined;
  let reportedMs: number | undefined;
  for (let i = 0; i < repeat; i++) {
    options.before?.();
    const run = measureOnce(command, args, cwd, okCodes, TIMED_ENV);
    if (options.report) reportedMs = Math.min(reportedMs ?? Infinity, JSON.parse(readFileSync(options.report, 'utf8')).summary.durationMs);
    best = keepBest(best, run);
  }
  return { ...best!, reportedMs };
}

/** Wall time and peak resident memory of a command (the process and its threads). */
function measureOnce(command: string, args: string[], cwd: string, okCodes: number[], env: NodeJS.ProcessEnv): Measure {
  return measureCommand(command, args, { cwd, env, okCodes, time: GNU_TIME, timeFile: path.join(OUT, 'time.txt') });
}

interface Row {
  dataset: string;
  description: string;
  files: number;
  lines: number;
  scannerLines: number;
  /** `reportedMs`: the scan's own time, from listing the tree to the result, without starting Node and the CLI. */
  scanner: { seconds: number; reportedMs: number; peakMiB?: number; findings: number; skipped: number };
  secondScan: { seconds: number; reportedMs: number };
  competitor?: { tool: string; seconds: number; peakMiB?: number; findings: number };
  astGrep?: { seconds: number; peakMiB?: number; matches: number };
}

function runDataset(dataset: Dataset, tools: { bandit?: string; eslint?: string; astGrep?: string }): Row {
  log(`\n== ${dataset.name}: ${dataset.description}: ${dataset.files} files, ${dataset.lines} lines`);
  const report = path.join(OUT, `${dataset.name}.json`);
  const scanArgs = [SCANNER, 'scan', dataset.dir, '--format', 'json', '--output', report, '--jobs', jobs];
  const emptyCache = () => rmSync(path.join(dataset.dir, '.scanner'), { recursive: true, force: true });
  const first = measure(process.execPath, scanArgs, REPO, [0, 1], { before: emptyCache, report });
  const result = JSON.parse(readFileSync(report, 'utf8'));
  log(`scanner: ${first.seconds.toFixed(1)} s (the scan itself ${first.reportedMs} ms), ${first.peakMiB?.toFixed(0) ?? '?'} MiB, ${result.findings.length} findings, ${result.summary.skipped.length} skipped`);
  const second = measure(process.execPath, scanArgs, REPO, [0, 1], { report });
  log(`scanner, unchanged tree again (cache): ${second.seconds.toFixed(2)} s (the scan itself ${second.reportedMs} ms)`);

  const row: Row = {
    dataset: dataset.name,
    description: dataset.description,
    files: dataset.files,
    lines: dataset.lines,
    scannerLines: result.summary.linesScanned,
    scanner: { seconds: first.seconds, reportedMs: first.reportedMs!, peakMiB: first.peakMiB, findings: result.findings.length, skipped: result.summary.skipped.length },
    secondScan: { seconds: second.seconds, reportedMs: second.reportedMs! },
  };

  if (dataset.name === 'python' && tools.bandit) {
    const out = path.join(OUT, 'bandit.json');
    const run = measure(tools.bandit, ['-r', dataset.dir, '-f', 'json', '-o', out, '-q'], REPO, [0, 1]);
    const findings = JSON.parse(readFileSync(out, 'utf8')).results.length;
    row.competitor = { tool: 'bandit', seconds: run.seconds, peakMiB: run.peakMiB, findings };
    log(`bandit: ${run.seconds.toFixed(1)} s, ${findings} findings`);
  }
  if (dataset.name === 'jsts' && tools.eslint) {
    const out = path.join(OUT, 'eslint.json');
    const config = path.join(REPO, 'bench', 'eslint-security.config.js');
    // ESLint resolves a config's plugins from the config's folder, and lints only below its cwd.
    const run = measure(
      process.execPath,
      [tools.eslint, '--config', config, '--no-warn-ignored', '--concurrency', jobs, '--format', 'json', '--output-file', out, '.'],
      dataset.dir,
      [0, 1],
    );
    const findings = (JSON.parse(readFileSync(out, 'utf8')) as { messages: unknown[] }[]).reduce((n, file) => n + file.messages.length, 0);
    row.competitor = { tool: `ESLint (security + sdl, ${jobs} threads)`, seconds: run.seconds, peakMiB: run.peakMiB, findings };
    log(`eslint: ${run.seconds.toFixed(1)} s, ${findings} messages`);
  }
  if (tools.astGrep) {
    const config = path.join(REPO, 'bench', 'ast-grep-rules', 'sgconfig.yml');
    const run = measure(tools.astGrep, ['scan', '--config', config, '--json=stream', '--threads', jobs, dataset.dir], REPO, [0, 1]);
    const matches = run.stdout.split('\n').filter((l) => l.trim()).length;
    row.astGrep = { seconds: run.seconds, peakMiB: run.peakMiB, matches };
    log(`ast-grep: ${run.seconds.toFixed(2)} s, ${matches} matches`);
  }
  return row;
}

/** Best of ten `node -e 0`: the start every Node command pays before its own first line. */
function nodeStartSeconds(env: NodeJS.ProcessEnv): number {
  let best = Infinity;
  for (let i = 0; i < 10; i++) best = Math.min(best, measureOnce(process.execPath, ['-e', '0'], REPO, [0], env).seconds);
  return best;
}

// ---------------------------------------------------------------- main

function requireFreshBuild(): void {
  const stale = staleBuild(REPO);
  if (stale) fail(stale);
}

requireFreshBuild();
const tools = { bandit: findBandit(), eslint: findEslint(), astGrep: findAstGrep() };
const datasets = values.datasets.split(',').map((n) => n.trim()).filter(Boolean).map(prepare).filter((d): d is Dataset => d !== undefined);
const rows = datasets.map((d) => runDataset(d, tools));
const nodeStart = { seconds: nodeStartSeconds(TIMED_ENV), droppedEnv: DROPPED_ENV, withDroppedEnv: DROPPED_ENV.length ? nodeStartSeconds(process.env) : undefined };
writeFileSync(path.join(OUT, 'speed.json'), JSON.stringify({ jobs, lineBudget, nodeStart, rows, missing }, null, 2));

if (values.json) {
  process.stdout.write(`${JSON.stringify({ jobs: Number(jobs), nodeStart, rows, missing }, null, 2)}\n`);
} else {
  const n = (x: number, digits = 1) => x.toFixed(digits);
  // The scanner's time over ast-grep's: "2.7× slower", or "1.4× faster" when it is under 1.
  const versusFloor = (ratio: number) => (ratio >= 1 ? `${n(ratio)}× slower` : `${n(1 / ratio)}× faster`);
  const mib = (x?: number) => (x === undefined ? 'n/a' : `${n(x, 0)} MiB`);
  const out = [
    `Speed on ${jobs} worker threads, best of ${repeat} (\`node --import tsx bench/speed.ts --lines ${lineBudget} --jobs ${jobs} --repeat ${repeat}\`)`,
    '',
    '| code | lines | scanner | lines/s | peak memory | scan itself: 1st → 2nd (cache) | cache speed-up: scan itself | 2nd command (cache) | cache speed-up: command | comparison tool | its time | scanner faster by | ast-grep (~20 patterns) | scanner vs ast-grep |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const lines = r.scannerLines || r.lines;
    out.push(
      `| ${r.description} | ${lines} | ${n(r.scanner.seconds)} s | ${Math.round(lines / r.scanner.seconds)} | ${mib(r.scanner.peakMiB)} | ` +
        `${r.scanner.reportedMs} → ${r.secondScan.reportedMs} ms | ${n(r.scanner.reportedMs / r.secondScan.reportedMs)}× | ` +
        `${n(r.secondScan.seconds, 2)} s | ${n(r.scanner.seconds / r.secondScan.seconds)}× | ` +
        `${r.competitor ? r.competitor.tool : '—'} | ${r.competitor ? `${n(r.competitor.seconds)} s` : '—'} | ${r.competitor ? `${n(r.competitor.seconds / r.scanner.seconds)}×` : '—'} | ` +
        `${r.astGrep ? `${n(r.astGrep.seconds, 2)} s` : '—'} | ${r.astGrep ? versusFloor(r.scanner.seconds / r.astGrep.seconds) : '—'} |`,
    );
  }
  out.push(
    '',
    '"scanner" and "command" are wall times of the whole `scanner scan` process, Node\'s start included; "scan itself" is the time its report gives (`summary.durationMs`: from listing the tree to the result).',
    `Node's own start (\`node -e 0\`, best of 10): ${n(nodeStart.seconds * 1000, 0)} ms` +
      (nodeStart.withDroppedEnv === undefined
        ? '.'
        : `; every command was timed without ${DROPPED_ENV.join(', ')}, which this environment sets (with it: ${n(nodeStart.withDroppedEnv * 1000, 0)} ms; --keep-env keeps it).`),
    'Targets (issue 2): ≥ 3× faster than bandit, ≥ 5× faster than the ESLint set, within 3× of ast-grep, peak memory < 1 GiB for 500k lines, 2nd scan ≥ 10× faster.',
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
if (missing.length) {
  process.stderr.write(`\nMissing (their columns are empty):\n${missing.map((m) => `  - ${m}`).join('\n')}\n`);
}
