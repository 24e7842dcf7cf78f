// Recall and precision on real vulnerable code: intentionally vulnerable apps and
// advisories (a project's vulnerable commit and its fix), labelled by hand in
// bench/real-apps/ (apps*.json, labels/<name>.json). Scans each checkout as a user would
// and matches the findings to the labels (bench/lib/real-apps.ts says how).
//
//   node --import tsx bench/real-apps.ts [--root DIR] [--apps a,b] [--lang x,y]
//        [--checkout (--mirrors DIR | --from-github)] [--json FILE] [--verbose] [--set DIR]
//
// --root         where the checkouts are, one folder per app name, `<name>@fixed` for an
//                advisory's fixed version (default: real-apps beside the repository)
// --checkout     first clone every missing checkout at its pinned commit, from --mirrors
//                DIR (`DIR/<owner>+<name>/repo`, a clone or bare mirror of each project)
//                or, with --from-github, from https://github.com
// --apps, --lang only these apps, or the apps of these languages
// --verbose      list every missed label, every false positive and every unlabelled finding
//                (as a label to paste once its note is written)
// --json         also write the figures, misses, false positives and unlabelled findings
// --set          the folder of apps*.json and labels/ (default bench/real-apps)
//
// An app's `paths` limit its checkout (sparse) and its scan to those files and folders,
// scanned together so that flows between them are followed. A label naming a file that
// the checkout does not have is an error, not a miss.
//
// Prints per language and overall: vulnerable labels, found, recall, safe labels hit,
// findings of a labelled type in an advisory's fixed files, precision = TP / (TP + FP)
// with TP the labels found and FP the safe labels hit plus those fixed-version findings,
// and the count of unlabelled findings (neither TP nor FP: to triage into labels).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failer, printUsage } from './lib/script.ts';
import { checkoutPinned, headCommit } from './lib/checkout.ts';
import { readApps, readLabels, scoreApp, summarise, type App, type AppResult, type Counts, type Finding, type Label } from './lib/real-apps.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** One project's scan may take this long; a scan still running then counts as a failure of the benchmark. */
const SCAN_TIME_LIMIT_S = 900;

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    apps: { type: 'string' },
    lang: { type: 'string' },
    checkout: { type: 'boolean', default: false },
    mirrors: { type: 'string' },
    'from-github': { type: 'boolean', default: false },
    json: { type: 'string' },
    verbose: { type: 'boolean', short: 'v', default: false },
    set: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) printUsage(import.meta.url);

// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('real-apps');

const setDir = path.resolve(values.set ?? path.join(REPO, 'bench', 'real-apps'));
const root = path.resolve(values.root ?? path.join(REPO, '..', 'real-apps'));
let apps: App[];
try {
  apps = readApps(setDir);
} catch (error) {
  fail((error as Error).message);
}
const wanted = values.apps?.split(',').map((a) => a.trim()).filter(Boolean);
for (const name of wanted ?? []) if (!apps.some((a) => a.name === name)) fail(`unknown app ${name} (see ${path.relative(REPO, setDir) || setDir}/apps*.json)`);
const languages = values.lang?.split(',').map((l) => l.trim()).filter(Boolean);
const selected = apps.filter((a) => (!wanted || wanted.includes(a.name)) && (!languages || a.languages.some((l) => languages.includes(l))));
if (selected.length === 0) fail('no app selected');

if (values.checkout) {
  if (!values.mirrors && !values['from-github']) fail('--checkout needs --mirrors DIR or --from-github');
  const from = { mirrors: values.mirrors, fromGithub: values['from-github'] };
  try {
    for (const app of selected) {
      checkoutPinned(app.repo, app.commit, path.join(root, app.name), from, app.paths);
      if (app.fixedCommit) checkoutPinned(app.repo, app.fixedCommit, path.join(root, `${app.name}@fixed`), from, app.paths);
    }
  } catch (error) {
    fail((error as Error).message);
  }
}

/**
 * Scans `directory` with the CLI; files come back relative to it. With `paths`, only those
 * files and folders are copied (with their place in the tree) to a temp folder that is
 * scanned in one go, so flows between the listed folders are still followed.
 */
function scan(directory: string, paths: string[] | undefined): Finding[] {
  const out = mkdtempSync(path.join(tmpdir(), 'scanner-real-apps-'));
  try {
    let target = directory;
    if (paths) {
      target = path.join(out, 'tree');
      for (const sub of paths) {
        const from = path.join(directory, sub);
        if (!existsSync(from)) fail(`${from} does not exist (paths of the app)`);
        cpSync(from, path.join(target, sub), { recursive: true, filter: (f) => path.basename(f) !== '.git' });
      }
    }
    const report = path.join(out, 'report.json');
    const args = [path.join(REPO, 'bin', 'scanner.js'), 'scan', target, '--no-cache', '--format', 'json', '--output', report];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: SCAN_TIME_LIMIT_S * 1000, killSignal: 'SIGKILL' });
    // A scan that hangs (a runaway analysis) stops the benchmark with its name rather than blocking it.
    if (run.signal) fail(`scan of ${directory} did not finish within ${SCAN_TIME_LIMIT_S} s (stopped by ${run.signal})`);
    if (run.error) fail(`scan of ${directory} could not run: ${run.error.message}`);
    // Exit 1 only says that findings were reported.
    if (run.status !== 0 && run.status !== 1) fail(`scan of ${directory} failed (exit ${run.status}): ${run.stderr.trim()}`);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as { findings: Finding[] };
    return parsed.findings.map((f) => ({ file: f.file, line: f.line, type: f.type, ruleId: f.ruleId, snippet: f.snippet }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function pinned(directory: string, commit: string, name: string): void {
  if (!existsSync(directory)) fail(`${name} is not checked out at ${directory} (run with --checkout --mirrors DIR or --from-github)`);
  const head = headCommit(directory);
  if (head !== commit) fail(`${name} is at ${head ?? 'no commit'}, not the pinned ${commit}`);
}

const results: AppResult[] = [];
for (const app of selected) {
  let labels;
  try {
    labels = readLabels(setDir, app.name);
  } catch (error) {
    fail((error as Error).message);
  }
  const directory = path.join(root, app.name);
  pinned(directory, app.commit, app.name);
  for (const label of [...labels.vulnerable, ...labels.safe]) {
    if (!existsSync(path.join(directory, label.file))) fail(`labels/${app.name}.json names ${label.file}, which ${app.name} does not have`);
  }
  process.stderr.write(`scanning ${app.name}…\n`);
  const findings = scan(directory, app.paths);
  let fixedFindings: Finding[] | undefined;
  if (app.fixedCommit) {
    const fixed = path.join(root, `${app.name}@fixed`);
    pinned(fixed, app.fixedCommit, `${app.name}@fixed`);
    fixedFindings = scan(fixed, app.paths);
  }
  results.push(scoreApp(app, labels, findings, fixedFindings));
}

const summary = summarise(selected, results);
const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const row = (name: string, c: Counts) =>
  `| ${name} | ${c.apps} | ${c.vulnerable} | ${c.found} | ${pct(c.recall)} | ${c.safeHit}/${c.safe} | ${c.fixedFindings} | ${pct(c.precision)} | ${c.unlabelled} |`;
const lines = [
  '| language | apps | vulnerable labels | found | recall | safe labels hit | fixed-version findings | precision | unlabelled findings |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...Object.keys(summary.byLanguage).sort().map((l) => row(l, summary.byLanguage[l]!)),
  row('**all**', summary.overall),
  '',
  '| app | kind | vulnerable | found | recall | safe hit | fixed-version findings | unlabelled |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => {
    const vulnerable = r.found.length + r.missed.length;
    return `| ${r.app} | ${r.kind} | ${vulnerable} | ${r.found.length} | ${pct(vulnerable ? r.found.length / vulnerable : null)} | ${r.safeHits.length}/${r.safe.length} | ${r.fixedHits.length} | ${r.unlabelled.length} |`;
  }),
];
const where = (l: Label) => `${l.file}:${l.line}${l.endLine ? `-${l.endLine}` : ''} ${l.type}`;
const at = (f: Finding) => `${f.file}:${f.line} ${f.type} (${f.ruleId ?? 'no rule id'}) ${(f.snippet ?? '').trim().slice(0, 100)}`;
if (values.verbose) {
  for (const r of results) {
    if (!r.missed.length && !r.safeHits.length && !r.fixedHits.length && !r.unlabelled.length) continue;
    lines.push('', `### ${r.app}`);
    for (const l of r.missed) lines.push(`- missed ${where(l)} — ${l.note}`);
    for (const { label, finding } of r.safeHits) lines.push(`- FP on safe label ${where(label)} (${finding.ruleId ?? 'no rule id'}) — ${label.note}`);
    for (const f of r.fixedHits) lines.push(`- FP in the fixed version ${at(f)}`);
    // Ready to paste into labels/<app>.json once someone has read the code and written the note.
    for (const f of r.unlabelled) {
      lines.push(`- unlabelled ${JSON.stringify({ file: f.file, line: f.line, type: f.type, note: '' })}  # ${f.ruleId ?? 'no rule id'}: ${(f.snippet ?? '').trim().replace(/\s+/g, ' ').slice(0, 100)}`);
    }
  }
} else {
  lines.push('', 'Run with --verbose to list misses, false positives and unlabelled findings.');
}
process.stdout.write(`${lines.join('\n')}\n`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...summary, apps: results }, null, 2)}\n`);
