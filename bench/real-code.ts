// Precision on real, mature code: scans the projects of bench/real-code/projects.json
// (checked out at their pinned commits under --root) as a user would, and scores the
// findings against the hand-made verdicts in bench/real-code/triage/<project>/*.json.
//
//   node --import tsx bench/real-code.ts [--root DIR] [--projects a,b] [--include-tests]
//        [--pending] [--json FILE]
//
// --root      where the checkouts are, one folder per project name (default: real-code
//             beside the repository; DEVELOPERS.md says how to bring them here)
// --pending   print every finding that has no verdict yet, as triage lines to fill in
// --json      also write the per-project figures and findings as JSON
//
// It prints, per project and in all: lines, findings, findings per 100k lines, verdicts
// (TP/FP/untriaged) and precision over the triaged findings, and then what changed
// against the verdicts: TPs no longer reported (a loss), FPs no longer reported (fixed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { failer, printUsage } from './lib/script.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** One project's scan may take this long; a scan still running then counts as a failure of the benchmark. */
const SCAN_TIME_LIMIT_S = 900;
const HERE = path.join(REPO, 'bench', 'real-code');

const Project = z.object({
  name: z.string().regex(/^[\w.-]+$/),
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  languages: z.array(z.string()),
  what: z.string(),
});
const Verdict = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  rule: z.string(),
  verdict: z.enum(['TP', 'FP']),
  reason: z.string().min(1),
});
type Verdict = z.infer<typeof Verdict>;

interface Finding {
  file: string;
  line: number;
  ruleId: string;
  snippet?: string;
}

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    projects: { type: 'string' },
    'include-tests': { type: 'boolean', default: false },
    pending: { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) printUsage(import.meta.url);

// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('real-code');

const key = (file: string, line: number, rule: string) => `${file}:${line}:${rule}`;

/** Every verdict recorded for a project, from all of its triage files (one per rule family). */
function readVerdicts(project: string): Map<string, Verdict> {
  const folder = path.join(HERE, 'triage', project);
  const verdicts = new Map<string, Verdict>();
  if (!existsSync(folder)) return verdicts;
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).sort()) {
    const file = path.join(folder, name);
    let entries: unknown;
    try {
      entries = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      fail(`${path.relative(REPO, file)} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = z.array(Verdict).safeParse(entries);
    if (!parsed.success) fail(`${path.relative(REPO, file)}: ${parsed.error.issues[0]?.message} at ${parsed.error.issues[0]?.path.join('.')}`);
    for (const verdict of parsed.data) verdicts.set(key(verdict.file, verdict.line, verdict.rule), verdict);
  }
  return verdicts;
}

function scan(directory: string): { findings: Finding[]; lines: number; seconds: number } {
  const out = mkdtempSync(path.join(tmpdir(), 'scanner-real-code-'));
  const report = path.join(out, 'report.json');
  const args = [path.join(REPO, 'bin', 'scanner.js'), 'scan', directory, '--no-cache', '--format', 'json', '--output', report];
  if (values['include-tests']) args.push('--include-tests');
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: SCAN_TIME_LIMIT_S * 1000, killSignal: 'SIGKILL' });
  // A scan that hangs (a runaway analysis) stops the benchmark with its name rather than blocking it.
  if (run.signal) fail(`scan of ${directory} did not finish within ${SCAN_TIME_LIMIT_S} s (stopped by ${run.signal})`);
  if (run.error) fail(`scan of ${directory} could not run: ${run.error.message}`);
  const seconds = (performance.now() - started) / 1000;
  try {
    // Exit 1 only says that findings were reported.
    if (run.status !== 0 && run.status !== 1) fail(`scan of ${directory} failed (exit ${run.status}): ${run.stderr.trim()}`);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { findings: Finding[]; summary: { linesScanned: number } };
    return { findings: parsed.findings, lines: parsed.summary.linesScanned, seconds };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function headCommit(directory: string): string | undefined {
  const run = spawnSync('git', ['-C', directory, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

const projects = z.array(Project).parse(JSON.parse(readFileSync(path.join(HERE, 'projects.json'), 'utf8')));
const wanted = values.projects?.split(',').map((p) => p.trim()).filter(Boolean);
for (const name of wanted ?? []) if (!projects.some((p) => p.name === name)) fail(`unknown project ${name} (see bench/real-code/projects.json)`);
const root = path.resolve(values.root ?? path.join(REPO, '..', 'real-code'));

interface Row {
  project: string;
  lines: number;
  findings: number;
  tp: number;
  fp: number;
  untriaged: number;
  seconds: number;
}
const rows: Row[] = [];
const lostTruePositives: string[] = [];
const fixedFalsePositives: string[] = [];
const pending: string[] = [];
const everything: Record<string, Finding[]> = {};

for (const project of projects.filter((p) => !wanted || wanted.includes(p.name))) {
  const directory = path.join(root, project.name);
  if (!existsSync(directory)) fail(`${project.name} is not checked out at ${directory} (DEVELOPERS.md: "Real code")`);
  const head = headCommit(directory);
  if (head !== project.commit) fail(`${project.name} is at ${head ?? 'no commit'}, not the pinned ${project.commit}`);
  process.stderr.write(`scanning ${project.name}…\n`);
  const { findings, lines, seconds } = scan(directory);
  everything[project.name] = findings;
  const verdicts = readVerdicts(project.name);
  const reported = new Set<string>();
  const row: Row = { project: project.name, lines, findings: findings.length, tp: 0, fp: 0, untriaged: 0, seconds };
  for (const finding of findings) {
    const id = key(finding.file, finding.line, finding.ruleId);
    reported.add(id);
    const verdict = verdicts.get(id);
    if (verdict?.verdict === 'TP') row.tp++;
    else if (verdict?.verdict === 'FP') row.fp++;
    else {
      row.untriaged++;
      const family = finding.ruleId.split('.')[0];
      pending.push(
        `${project.name}/${family}: ${JSON.stringify({ file: finding.file, line: finding.line, rule: finding.ruleId, verdict: '?', reason: '' })}  # ${(finding.snippet ?? '').trim().slice(0, 100)}`,
      );
    }
  }
  for (const [id, verdict] of verdicts) {
    if (reported.has(id)) continue;
    const line = `${project.name} ${id} — ${verdict.reason}`;
    if (verdict.verdict === 'TP') lostTruePositives.push(line);
    else fixedFalsePositives.push(line);
  }
  rows.push(row);
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const per100k = (findings: number, lines: number) => (lines === 0 ? '—' : ((findings * 100_000) / lines).toFixed(1));
const total: Row = rows.reduce(
  (sum, r) => ({
    ...sum,
    lines: sum.lines + r.lines,
    findings: sum.findings + r.findings,
    tp: sum.tp + r.tp,
    fp: sum.fp + r.fp,
    untriaged: sum.untriaged + r.untriaged,
    seconds: sum.seconds + r.seconds,
  }),
  { project: 'all', lines: 0, findings: 0, tp: 0, fp: 0, untriaged: 0, seconds: 0 },
);

const table = [
  `Real code${values['include-tests'] ? ' (test code included)' : ''}: \`node --import tsx bench/real-code.ts${values['include-tests'] ? ' --include-tests' : ''}\``,
  '',
  '| project | lines | findings | per 100k lines | TP | FP | untriaged | precision (triaged) | scan |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...[...rows, total].map(
    (r) =>
      `| ${r.project} | ${r.lines.toLocaleString('en')} | ${r.findings} | ${per100k(r.findings, r.lines)} | ${r.tp} | ${r.fp} | ${r.untriaged} | ${percent(r.tp, r.tp + r.fp)} | ${r.seconds.toFixed(1)} s |`,
  ),
];
process.stdout.write(`${table.join('\n')}\n`);
process.stdout.write(`\nTPs no longer reported (${lostTruePositives.length}):\n${lostTruePositives.map((l) => `  ${l}`).join('\n')}\n`);
process.stdout.write(`FPs no longer reported (${fixedFalsePositives.length}).\n`);
if (values.pending) process.stdout.write(`\nFindings without a verdict (${pending.length}):\n${pending.join('\n')}\n`);
if (values.json) writeFileSync(values.json, JSON.stringify({ rows, total, lostTruePositives, fixedFalsePositives, findings: everything }, null, 2));
if (lostTruePositives.length > 0) process.exitCode = 1;
