// Analysis speed per language, in lines per second, with the built-in rules, on
// real code: one thread, no cache, the same engine for every language.
//
//   node --import tsx bench/languages-speed.ts [--javascript DIR] [--php DIR] [--ruby DIR]
//        [--csharp DIR] [--seconds N] [--json]
//
// Each directory is walked for files of its language (ERB views count as Ruby).
// Without --javascript the bundled `yaml` package's JavaScript is used as the
// reference. Every language is scanned repeatedly until --seconds (default 5)
// have passed, after one warm-up scan that loads grammars and rules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scanSourceFiles, type SourceFile } from '../src/engine/index.ts';
import { detectLanguage } from '../src/engine/languages/index.ts';
import { loadRuleSet } from '../src/engine/rules/load.ts';
import { collectDirectory } from '../src/sources/directory.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    javascript: { type: 'string' },
    php: { type: 'string' },
    ruby: { type: 'string' },
    csharp: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
  },
});

/** Which detected languages belong to a benchmark row. */
const MEMBERS: Record<string, string[]> = {
  javascript: ['javascript'],
  php: ['php'],
  ruby: ['ruby', 'erb'],
  csharp: ['csharp'],
};

const dirs: [string, string][] = [['javascript', values.javascript ?? path.join(REPO, 'node_modules/yaml/dist')]];
for (const lang of ['php', 'ruby', 'csharp'] as const) {
  const dir = values[lang];
  if (dir) dirs.push([lang, dir]);
}
const seconds = Number(values.seconds);
const rules = loadRuleSet();

interface Row {
  language: string;
  files: number;
  lines: number;
  runs: number;
  seconds: number;
  linesPerSecond: number;
  findings: number;
  partiallyParsed: number;
}

async function filesOf(language: string, dir: string): Promise<SourceFile[]> {
  const { files } = await collectDirectory(path.resolve(dir), { includeVendored: true });
  return files.filter((f) => MEMBERS[language]!.includes(detectLanguage(f.path, f.content.subarray(0, 200).toString('utf8'))?.id ?? ''));
}

const rows: Row[] = [];
for (const [language, dir] of dirs) {
  const files = await filesOf(language, dir);
  if (files.length === 0) {
    console.error(`${language}: no files in ${dir}`);
    continue;
  }
  const lines = files.reduce((n, f) => n + f.content.toString('utf8').split('\n').length, 0);
  const warm = await scanSourceFiles(files, { rules, jobs: 1 });
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000 || runs === 0) {
    await scanSourceFiles(files, { rules, jobs: 1 });
    runs++;
  }
  const elapsed = (performance.now() - started) / 1000;
  rows.push({
    language,
    files: files.length,
    lines,
    runs,
    seconds: Number(elapsed.toFixed(2)),
    linesPerSecond: Math.round((lines * runs) / elapsed),
    findings: warm.findings.length,
    partiallyParsed: warm.summary.partiallyParsed,
  });
}

if (values.json) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const reference = rows.find((r) => r.language === 'javascript')?.linesPerSecond;
  console.log('| language | files | lines | lines/s | vs JavaScript | partly parsed | findings |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = reference ? `${(r.linesPerSecond / reference).toFixed(2)}×` : '—';
    console.log(`| ${r.language} | ${r.files} | ${r.lines} | ${r.linesPerSecond} | ${ratio} | ${r.partiallyParsed} | ${r.findings} |`);
  }
}
