// Git history on real repositories: the secret scan beside `git log -p --all` on
// the same clone, with peak memory, then a re-scan after new commits (cache).
//
//   node --import tsx bench/history-real.ts REPO... [--rounds N] [--new-commits N] [--no-rescan]
//
// REPO is any git repository (bare or not, e.g. a full clone of a project with
// 10k–40k commits and many merges). Each is cloned with `--bare --shared` into
// bench/out/ (no objects copied). A partial mirror's missing blobs (git fsck) are
// replaced there by an empty blob (`refs/replace/`), or `git log -p --all` could
// not run at all. Then, best of --rounds (default 1):
//  1. `git log -p --all` (the page cache warmed first): time, CPU, bytes, peak RSS;
//  2. the history scan in a process of its own, without cache: time, CPU (node and
//     its git processes), findings, unreadable objects, the node process's peak RSS
//     and the largest of all its processes (GNU time);
//  3. the ratio of the two (target: at most 2), and the estimate of
//     estimateHistoryScanMs against the time measured;
//  4. unless --no-rescan: every ref put back to where it was --new-commits (default
//     200) first-parent commits of the default branch ago, scanned with a cache, put
//     forward again and re-scanned: the re-scan's time against `git log -p --all`
//     (target: at most 1), and the same findings as the full scan.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { estimateHistoryScanMs, historySize, scanHistory } from '../src/sources/git-history.ts';
import { builtinSecretRules } from '../src/engine/secrets/index.ts';
import { failer, printUsage } from './lib/script.ts';

const fail = failer('history-real');
const HERE = fileURLToPath(new URL('.', import.meta.url));
const OUT = join(HERE, 'out');
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '1' },
    'new-commits': { type: 'string', default: '200' },
    'no-rescan': { type: 'boolean', default: false },
    'child-scan': { type: 'string' },
    cache: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) printUsage(import.meta.url);

interface ScanRun {
  ms: number;
  commitsSeen: number;
  cachedCommits: number;
  blobsScanned: number;
  bytesScanned: number;
  unreadable: number;
  findings: number;
  nodeRssKiB: number;
}

if (values['child-scan']) {
  // Its own process, so that its peak memory is the scan's alone; rules load first (once per process).
  builtinSecretRules();
  const started = performance.now();
  const result = await scanHistory(values['child-scan'], { cacheDir: values.cache ?? null });
  const run: ScanRun = {
    ms: performance.now() - started,
    commitsSeen: result.commitsSeen,
    cachedCommits: result.cachedCommits,
    blobsScanned: result.blobsScanned,
    bytesScanned: result.bytesScanned,
    unreadable: result.blobsSkipped.unreadable,
    findings: result.findings.length,
    nodeRssKiB: process.resourceUsage().maxRSS,
  };
  process.stdout.write(JSON.stringify(run));
  process.exit(0);
}

if (positionals.length === 0) fail('name at least one repository (see --help)');
const rounds = Number(values.rounds);
const newCommits = Number(values['new-commits']);
if (!(rounds >= 1) || !(newCommits >= 1)) fail('--rounds and --new-commits take positive numbers');

/** CPU time (user + system) of the children this process has waited for, from /proc (Linux). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

interface Timed {
  ms: number;
  cpuMs: number;
  /** Peak RSS of the largest process (GNU time), when it is installed. */
  peakKiB: number | null;
  stdout: string;
  bytes: number;
}

/** Runs a command, timing it; under GNU time for the peak RSS of the largest of its processes. */
function timed(command: string, args: string[], cwd: string, keepOutput: boolean): Promise<Timed> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const cpuBefore = childrenCpuMs();
    const [file, fullArgs] = TIME ? [TIME, ['-f', '%M', command, ...args]] : [command, args];
    const child = spawn(file, fullArgs, { cwd, env: GIT_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let bytes = 0;
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      if (keepOutput) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`));
      const peak = TIME ? Number(stderr.trim().split('\n').pop()) : NaN;
      resolvePromise({ ms: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore, peakKiB: Number.isFinite(peak) ? peak : null, stdout, bytes });
    });
  });
}

const gitLog = (repo: string) => timed('git', ['log', '-p', '--all', '--no-color', '--no-ext-diff'], repo, false);
const scan = async (repo: string, cacheDir?: string) => {
  const run = await timed(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child-scan', repo, ...(cacheDir ? ['--cache', cacheDir] : [])], HERE, true);
  return { ...run, result: JSON.parse(run.stdout) as ScanRun };
};
const best = <T extends { ms: number }>(runs: T[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (kib: number | null) => (kib === null ? '?' : `${Math.round(kib / 1024)} MiB`);
const git = (repo: string, ...args: string[]) => execFileSync('git', args, { cwd: repo, env: GIT_ENV, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

mkdirSync(OUT, { recursive: true });
let failed = false;
for (const source of positionals) {
  const work = mkdtempSync(join(OUT, 'history-real-'));
  try {
    const repo = join(work, `${basename(resolve(source)).replace(/\.git$/, '')}.git`);
    execFileSync('git', ['clone', '-q', '--bare', '--shared', resolve(source), repo], { env: GIT_ENV });
    let fsck = '';
    try {
      fsck = execFileSync('git', ['fsck', '--connectivity-only', '--no-dangling', '--no-progress'], { cwd: repo, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
    } catch (error) {
      fsck = String((error as { stdout?: string }).stdout ?? '');
    }
    const missing = [...fsck.matchAll(/^missing blob ([0-9a-f]{40})$/gm)].map((m) => m[1]);
    if (missing.length > 0) {
      const empty = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, env: GIT_ENV, input: '', encoding: 'utf8' }).trim();
      for (const blob of missing) git(repo, 'update-ref', `refs/replace/${blob}`, empty);
      console.log(`${basename(repo)}: ${missing.length} blobs missing (a partial mirror), replaced by an empty blob`);
    }
    const commits = Number(git(repo, 'rev-list', '--all', '--count'));
    const merges = Number(git(repo, 'rev-list', '--all', '--merges', '--count'));
    const refs = git(repo, 'for-each-ref', '--format=%(refname)').split('\n').filter((r) => !r.startsWith('refs/replace/')).length;
    console.log(`${basename(repo)}: ${commits} commits (${merges} merges), ${refs} refs`);
    await gitLog(repo); // warms the page cache
    const logs: Timed[] = [];
    const scans: Awaited<ReturnType<typeof scan>>[] = [];
    for (let round = 0; round < rounds; round++) {
      logs.push(await gitLog(repo));
      scans.push(await scan(repo));
    }
    const log = best(logs);
    const full = best(scans);
    const ratio = full.ms / log.ms;
    console.log(`  git log -p --all: ${s(log.ms)} (CPU ${s(log.cpuMs)}), ${(log.bytes / 1e6).toFixed(0)} MB of patches, peak RSS ${mib(log.peakKiB)}`);
    console.log(
      `  history scan:     ${s(full.ms)} (CPU ${s(full.cpuMs)}, node and git), ${full.result.commitsSeen} commits, ${full.result.blobsScanned} file changes, ` +
        `${full.result.findings} findings, ${full.result.unreadable} unreadable blobs skipped; peak RSS node ${mib(full.result.nodeRssKiB)}, largest process ${mib(full.peakKiB)}`,
    );
    console.log(`  ratio scan / git log -p --all: ${ratio.toFixed(2)} wall, ${(full.cpuMs / log.cpuMs).toFixed(2)} CPU ${ratio <= 2 ? '(target ≤ 2 met)' : '(over the target of 2)'}`);
    const size = await historySize(repo);
    console.log(`  estimateHistoryScanMs: ${s(estimateHistoryScanMs(size))} for ${size.commits} commits and ${(size.packBytes / 1e6).toFixed(0)} MB packed; measured ${s(full.ms)}`);
    if (ratio > 2 || Math.max(full.result.nodeRssKiB, full.peakKiB ?? 0) > 512 * 1024) failed = true;

    if (!values['no-rescan']) {
      // The repository as it was when its default branch was --new-commits first-parent commits
      // back: every ref at its last commit from before then (refs younger than that deleted).
      const head = git(repo, 'symbolic-ref', 'HEAD');
      const cutoff = git(repo, 'log', '-1', '--format=%ct', `${head}~${newCommits}`);
      const refsNow = git(repo, 'for-each-ref', '--format=%(refname) %(objectname)')
        .split('\n')
        .map((l) => l.split(' '))
        .filter(([name]) => !name.startsWith('refs/replace/'));
      const back = refsNow.map(([name, sha]) => {
        const then = git(repo, 'rev-list', '-1', '--first-parent', `--before=${cutoff}`, sha);
        return then ? `update ${name} ${then}` : `delete ${name}`;
      });
      const updateRefs = (lines: string[]) => execFileSync('git', ['update-ref', '--stdin'], { cwd: repo, env: GIT_ENV, input: lines.join('\n') + '\n' });
      const cacheDir = join(work, 'cache');
      updateRefs(back);
      await scan(repo, cacheDir);
      updateRefs(refsNow.map(([name, sha]) => `update ${name} ${sha}`));
      const again = await scan(repo, cacheDir);
      const added = again.result.commitsSeen - again.result.cachedCommits;
      const rescanRatio = again.ms / log.ms;
      console.log(
        `  re-scan with the cache after ${added} new commits (${newCommits} first-parent on ${head.replace('refs/heads/', '')}, all refs as they were then): ${s(again.ms)}, ` +
          `${again.result.findings} findings; ratio to git log -p --all ${rescanRatio.toFixed(2)} ${rescanRatio <= 1 ? '(target ≤ 1 met)' : '(over the target of 1)'}`,
      );
      if (again.result.findings !== full.result.findings) console.log(`  re-scan findings differ from the full scan's: ${again.result.findings} vs ${full.result.findings}`);
      if (rescanRatio > 1 || again.result.findings !== full.result.findings) failed = true;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (failed) process.exitCode = 1;
