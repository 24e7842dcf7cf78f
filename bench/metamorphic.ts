// The metamorphic check: the labelled corpus with its own identifiers renamed
// (bench/lib/rename-identifiers.ts says which names and why) must score as the
// original does. A rule or engine heuristic that works only because of a name the
// corpus happens to use shows up as a finding lost — or gained — in the copy.
//
//   node --import tsx bench/metamorphic.ts [--lang javascript,python|all] [--corpus DIR]
//        [--keep DIR] [--verbose] [--check]
//
// --keep DIR  write the renamed copy there (it must not exist) instead of a temporary folder
// --check     exit 1 when recall or precision of the copy is more than 3 points off, overall
//             or in any language
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { score, type Counts, type ScoredFinding } from '../src/engine/rules/annotations.ts';
import { UNLABELLED_TYPES, corpusLanguages, findingsFromSarif, readAnnotations } from './lib/corpus.ts';
import { renameIdentifiers } from './lib/rename-identifiers.ts';
import { failer, printUsage } from './lib/script.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOLERANCE_POINTS = 3;

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    lang: { type: 'string', default: 'all' },
    keep: { type: 'string' },
    verbose: { type: 'boolean', short: 'v', default: false },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) printUsage(import.meta.url);

// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('metamorphic');

const corpus = path.resolve(values.corpus ?? process.env.SCANNER_CORPUS ?? path.join(REPO, '..', 'shared', 'corpus'));
if (!existsSync(path.join(corpus, 'README.md'))) fail(`no corpus at ${corpus} (pass --corpus DIR)`);
const available = corpusLanguages(corpus);
const languages = values.lang === 'all' ? available : values.lang.split(',').map((l) => l.trim());
for (const language of languages) if (!available.includes(language)) fail(`unknown language folder ${language}`);

function ruleText(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) text += ruleText(full);
    else if (/\.ya?ml$/.test(name)) text += `${readFileSync(full, 'utf8')}\n`;
  }
  return text;
}

if (values.keep && existsSync(values.keep)) fail(`${values.keep} exists already`);
const work = mkdtempSync(path.join(tmpdir(), 'scanner-metamorphic-'));
const renamedRoot = values.keep ? path.resolve(values.keep) : path.join(work, 'corpus');
cpSync(corpus, renamedRoot, { recursive: true });
const rules = ruleText(path.join(REPO, 'rules'));
let renamedNames = 0;
for (const language of languages) {
  // Each language folder is its own application: names are renamed within it.
  const renaming = await renameIdentifiers(path.join(corpus, language), rules);
  renamedNames += renaming.names.size;
  for (const [file, text] of renaming.files) writeFileSync(path.join(renamedRoot, language, file), text);
}

function scanCorpus(root: string, label: string): ScoredFinding[] {
  const findings: ScoredFinding[] = [];
  for (const language of languages) {
    const output = path.join(work, `${label}-${language}.sarif`);
    const args = [path.join(REPO, 'bin', 'scanner.js'), 'scan', path.join(root, language), '--format', 'sarif', '--no-cache', '--output', output];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0 && run.status !== 1) fail(`scanner scan ${language} exited ${run.status ?? run.signal}: ${run.stderr.trim()}`);
    findings.push(...findingsFromSarif(JSON.parse(readFileSync(output, 'utf8')), root, path.join(root, language)));
  }
  return findings;
}

try {
  const original = score(readAnnotations(corpus, languages), scanCorpus(corpus, 'original'), { ignoredTypes: UNLABELLED_TYPES });
  const renamed = score(readAnnotations(renamedRoot, languages), scanCorpus(renamedRoot, 'renamed'), { ignoredTypes: UNLABELLED_TYPES });

  const points = (value: number | null) => (value === null ? null : value * 100);
  const pct = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);
  const delta = (a: number | null, b: number | null) => (a === null || b === null ? 'n/a' : `${(points(b)! - points(a)!).toFixed(1)}`);
  const offBy = (a: Counts, b: Counts) =>
    Math.max(Math.abs((points(b.recall) ?? 0) - (points(a.recall) ?? 0)), Math.abs((points(b.precision) ?? 0) - (points(a.precision) ?? 0)));

  const rows: [string, Counts, Counts][] = [
    ...languages.filter((l) => original.byLanguage[l] && renamed.byLanguage[l]).map((l) => [l, original.byLanguage[l]!, renamed.byLanguage[l]!] as [string, Counts, Counts]),
    ['**all**', original.overall, renamed.overall],
  ];
  const lines = [
    `## Metamorphic check: the corpus with ${renamedNames} of its own identifiers renamed`,
    '',
    '| language | recall | renamed | Δ points | precision | renamed | Δ points |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(([l, a, b]) => `| ${l} | ${pct(a.recall)} | ${pct(b.recall)} | ${delta(a.recall, b.recall)} | ${pct(a.precision)} | ${pct(b.precision)} | ${delta(a.precision, b.precision)} |`),
  ];
  const lost = renamed.falseNegatives.filter((n) => !original.falseNegatives.some((o) => o.file === n.file && o.line === n.line && o.type === n.type));
  const gained = renamed.falsePositives.filter((n) => !original.falsePositives.some((o) => o.file === n.file && o.line === n.line && o.type === n.type));
  lines.push('', `Found in the original, missed in the renamed copy: ${lost.length}. New false positives in the copy: ${gained.length}.`);
  if (values.verbose) {
    for (const a of lost) lines.push(`- missed: ${a.file}:${a.line} ${a.type}`);
    for (const f of gained) lines.push(`- new false positive: ${f.file}:${f.line} ${f.type} (${f.ruleId ?? 'no rule id'})`);
  } else if (lost.length || gained.length) lines.push('Run with --verbose to list them (and --keep DIR to read the renamed copy).');
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.check && rows.some(([, a, b]) => offBy(a, b) > TOLERANCE_POINTS)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
