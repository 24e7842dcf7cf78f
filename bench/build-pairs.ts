// Two builds of the scanner timed against each other on the same code: whether a change to the
// engine made the analysis faster or slower, and whether it changed what is found. Each round
// analyses every directory once with the base build and once with this one, in turn, each in a
// process of its own (bench/lib/analyse-tree.ts: one thread, start-up, reading and the report
// left out), so that a load that comes and goes falls on both alike. Keeps each build's fastest
// round and says whether the findings (rule, file, line) are the same.
//
//   node --import tsx bench/build-pairs.ts --base CHECKOUT DIR... [--repeat 3] [--json]
//
// --base    another checkout of the repository with its build (`npm run build` there), e.g. a
//           `git worktree add` of the commit to compare with; this checkout's dist/ is the other
// --repeat  rounds (pairs) per directory, 1 to 10
//
// Both builds must be current (dist/ newer than src/): the script stops otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { failer, printUsage } from './lib/script.ts';
import { staleBuild } from './lib/timing.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNNER = path.join(REPO, 'bench', 'lib', 'analyse-tree.ts');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    repeat: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) printUsage(import.meta.url);
const fail: (message: string) => never = failer('build-pairs');

const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) fail('--repeat must be a whole number from 1 to 10');
if (!values.base) fail('--base CHECKOUT is required (a checkout of the build to compare with)');
const builds = { base: path.resolve(values.base), head: REPO };
for (const [name, checkout] of Object.entries(builds)) {
  if (!existsSync(path.join(checkout, 'dist', 'engine', 'analyze.js'))) fail(`${name} ${checkout} has no build: run \`npm run build\` there`);
  const stale = staleBuild(checkout);
  if (stale) fail(`${name} ${checkout}: ${stale}`);
}
if (positionals.length === 0) fail('give at least one directory to analyse');
for (const dir of positionals) if (!existsSync(dir)) fail(`no such directory: ${dir}`);

interface Measure {
  milliseconds: number;
  cpuMilliseconds: number;
  files: number;
  findings: number;
  digest: string;
}

function measure(checkout: string, dir: string): Measure {
  const run = spawnSync(process.execPath, ['--import', 'tsx', RUNNER, checkout, dir], { cwd: REPO, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) fail(`analysing ${dir} with ${checkout} failed (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Measure;
}

const rows = positionals.map((dir) => {
  const runs: { base: Measure[]; head: Measure[]; load: number[] } = { base: [], head: [], load: [] };
  for (let round = 0; round < repeat; round++) {
    runs.load.push(loadavg()[0]!);
    runs.base.push(measure(builds.base, dir));
    runs.head.push(measure(builds.head, dir));
    process.stderr.write(`${path.basename(dir)} round ${round + 1}: base ${runs.base.at(-1)!.milliseconds} ms, this build ${runs.head.at(-1)!.milliseconds} ms\n`);
  }
  const best = (ms: Measure[]) => ms.reduce((a, b) => (b.milliseconds < a.milliseconds ? b : a));
  const base = best(runs.base);
  const head = best(runs.head);
  return {
    dir: path.basename(path.resolve(dir)),
    files: head.files,
    base: { milliseconds: base.milliseconds, cpuMilliseconds: base.cpuMilliseconds, findings: base.findings },
    head: { milliseconds: head.milliseconds, cpuMilliseconds: head.cpuMilliseconds, findings: head.findings },
    ratio: head.milliseconds / base.milliseconds,
    sameFindings: runs.base.every((m) => m.digest === base.digest) && runs.head.every((m) => m.digest === base.digest),
    load: runs.load,
  };
});

if (values.json) {
  process.stdout.write(`${JSON.stringify({ base: builds.base, repeat, rows }, null, 2)}\n`);
} else {
  const lines = [
    `Analysis on one thread, best of ${repeat} alternating rounds (\`node --import tsx bench/build-pairs.ts --base ${values.base} … --repeat ${repeat}\`)`,
    '',
    '| directory | files | base: analysis / CPU | this build: analysis / CPU | this ÷ base | same findings | load |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.dir} | ${r.files} | ${(r.base.milliseconds / 1000).toFixed(2)} / ${(r.base.cpuMilliseconds / 1000).toFixed(2)} s | ${(r.head.milliseconds / 1000).toFixed(2)} / ${(r.head.cpuMilliseconds / 1000).toFixed(2)} s | ${r.ratio.toFixed(2)} | ${r.sameFindings ? 'yes' : `no (${r.base.findings} → ${r.head.findings})`} | ${r.load.map((l) => l.toFixed(1)).join(', ')} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
