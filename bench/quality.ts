// Detection quality on the labelled corpus: precision and recall per language,
// per type and overall, plus the ok-trap hit rate.
//
//   node --import tsx bench/quality.ts [--lang javascript,python|all] [--json] [--verbose]
//        [--corpus DIR] [--sarif FILE ...] [--jobs N] [--check]
//
// Without --sarif it runs `scanner scan <corpus>/<lang> --format sarif --no-cache`
// for each language; with --sarif it scores reports made elsewhere (any SARIF
// this tool writes, of one language folder or of the whole corpus).
// The corpus is --corpus, else $SCANNER_CORPUS, else `shared/corpus` beside the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { score, type Counts, type ScoredFinding } from '../src/engine/rules/annotations.ts';
import { UNLABELLED_TYPES, corpusLanguages, findingsFromSarif, readAnnotations } from './lib/corpus.ts';
import { failer, printUsage } from './lib/script.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The languages issue 2 sets targets for; `--lang all` takes every corpus folder. */
const DEFAULT_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'go'];
const TARGET = { precision: 0.9, recall: 0.85 };

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    lang: { type: 'string' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', short: 'v', default: false },
    sarif: { type: 'string', multiple: true },
    jobs: { type: 'string' },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) printUsage(import.meta.url);

// Annotated so that TypeScript knows a call never returns.
const fail: (message: string) => never = failer('quality');

function findCorpus(): string {
  const explicit = values.corpus ?? process.env.SCANNER_CORPUS;
  if (explicit) {
    if (!existsSync(path.join(explicit, 'README.md'))) fail(`no corpus at ${explicit} (expected its README.md and language folders)`);
    return path.resolve(explicit);
  }
  const besideRepo = path.join(REPO, '..', 'shared', 'corpus');
  if (existsSync(path.join(besideRepo, 'README.md'))) return besideRepo;
  return fail('corpus not found: pass --corpus DIR or set SCANNER_CORPUS (default: shared/corpus beside the repository)');
}

const corpus = findCorpus();
const available = corpusLanguages(corpus);
const languages =
  values.lang === 'all' ? available : values.lang ? values.lang.split(',').map((l) => l.trim()).filter(Boolean) : DEFAULT_LANGUAGES;
for (const language of languages) {
  if (!available.includes(language)) fail(`unknown language folder ${language} (corpus has: ${available.join(', ')})`);
}

const findings: ScoredFinding[] = [];
const timings: Record<string, number> = {};
if (values.sarif?.length) {
  for (const file of values.sarif) {
    let log: unknown;
    try {
      log = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      fail(`cannot read SARIF ${file}: ${(error as Error).message}`);
    }
    findings.push(...findingsFromSarif(log, corpus, corpus));
  }
} else {
  const work = mkdtempSync(path.join(tmpdir(), 'scanner-quality-'));
  try {
    for (const language of languages) {
      const output = path.join(work, `${language}.sarif`);
      const args = [path.join(REPO, 'bin', 'scanner.js'), 'scan', path.join(corpus, language), '--format', 'sarif', '--no-cache', '--output', output];
      if (values.jobs) args.push('--jobs', values.jobs);
      const started = performance.now();
      const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      timings[language] = performance.now() - started;
      if (run.status !== 0 && run.status !== 1) {
        fail(`scanner scan ${language} exited ${run.status ?? run.signal}: ${run.stderr.trim()}`);
      }
      findings.push(...findingsFromSarif(JSON.parse(readFileSync(output, 'utf8')), corpus, path.join(corpus, language)));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Findings outside the selected folders (a whole-corpus SARIF) are not this run's business.
const inScope = findings.filter((f) => languages.includes(f.file.split('/')[0]));
const result = score(readAnnotations(corpus, languages), inScope, { ignoredTypes: UNLABELLED_TYPES });

const meetsTarget = (c: Counts) => (c.precision ?? 1) >= TARGET.precision && (c.recall ?? 1) >= TARGET.recall;
const allMeet = meetsTarget(result.overall) && languages.every((l) => result.byLanguage[l] && meetsTarget(result.byLanguage[l]));

if (values.json) {
  process.stdout.write(`${JSON.stringify({ corpus, languages, target: TARGET, meetsTarget: allMeet, timingsMs: timings, ...result }, null, 2)}\n`);
} else {
  const pct = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const table = (title: string, name: string, rows: [string, Counts][]) => {
    const out = [
      `### ${title}`,
      '',
      row([name, 'ruleid', 'TP', 'FN', 'FP', 'findings', 'precision', 'recall', 'ok traps hit']),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ];
    for (const [label, c] of rows) {
      out.push(row([label, c.ruleid, c.truePositives, c.falseNegatives, c.falsePositives, c.findings, pct(c.precision), pct(c.recall), `${c.okHit}/${c.ok} (${pct(c.okHitRate)})`]));
    }
    return out.join('\n');
  };
  const lines = [
    `## Detection quality (strict line match; corpus ${path.basename(path.dirname(corpus))}/${path.basename(corpus)})`,
    '',
    table('Per language', 'language', [...languages.filter((l) => result.byLanguage[l]).map((l) => [l, result.byLanguage[l]] as [string, Counts]), ['**all**', result.overall]]),
    '',
    table('Per type', 'type', Object.entries(result.byType)),
    '',
    `Target: precision >= ${TARGET.precision * 100}% and recall >= ${TARGET.recall * 100}% per language and overall: ${allMeet ? 'met' : 'not met'}.`,
  ];
  if (Object.keys(timings).length) {
    lines.push('', `Scan time: ${Object.entries(timings).map(([l, ms]) => `${l} ${(ms / 1000).toFixed(1)} s`).join(', ')}.`);
  }
  if (values.verbose) {
    lines.push('', `### False negatives (${result.falseNegatives.length})`, '');
    for (const a of result.falseNegatives) lines.push(`- ${a.file}:${a.line} ${a.type}`);
    lines.push('', `### False positives (${result.falsePositives.length})`, '');
    for (const f of result.falsePositives) lines.push(`- ${f.file}:${f.line} ${f.type} (${f.ruleId ?? 'no rule id'}; ${f.why})`);
  } else if (result.falseNegatives.length || result.falsePositives.length) {
    lines.push('', 'Run with --verbose to list the false negatives and false positives.');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (values.check && !allMeet) process.exit(1);

