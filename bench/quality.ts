// Detection quality on the labelled corpus: precision and recall per language
// and per type, strict line matching (corpus README, "How a scorer should treat it").
//   npx tsx bench/quality.ts [--corpus DIR] [--lang go,java] [--verbose] [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scanSourceFiles } from '../src/engine/index.ts';
import { collectDirectory } from '../src/sources/directory.ts';
import { parseAnnotations, score, type Expectation } from '../src/engine/annotations.ts';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    lang: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const corpus = path.resolve(values.corpus ?? process.env.SCANNER_CORPUS ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus'));
const LANGS = ['javascript', 'typescript', 'python', 'java', 'go', 'php', 'ruby', 'csharp', 'secrets'];
const langs = values.lang ? values.lang.split(',') : LANGS;

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const rows: Record<string, unknown>[] = [];
const perType = new Map<string, { tp: number; fp: number; fn: number }>();
let total = { tp: 0, fp: 0, fn: 0 };
for (const lang of langs) {
  const root = path.join(corpus, lang);
  const { files } = await collectDirectory(root, { includeVendored: true });
  const expectations = new Map<string, Expectation[]>();
  for (const f of files) expectations.set(f.path, parseAnnotations(readFileSync(path.join(root, f.path), 'utf8')));
  const { findings } = await scanSourceFiles(files, { jobs: 1 });
  // VULNERABLE_DEPENDENCY is not labelled in the corpus.
  const s = score(expectations, findings.filter((f) => f.type !== 'VULNERABLE_DEPENDENCY'));
  const okLines = [...expectations.values()].flat().filter((e) => e.kind === 'ok').length;
  const tp = s.truePositives.length;
  const fp = s.falsePositives.length;
  const fn = s.falseNegatives.length;
  total = { tp: total.tp + tp, fp: total.fp + fp, fn: total.fn + fn };
  for (const [list, k] of [[s.truePositives, 'tp'], [s.falsePositives, 'fp'], [s.falseNegatives, 'fn']] as const) {
    for (const x of list) {
      const e = perType.get(x.type) ?? { tp: 0, fp: 0, fn: 0 };
      e[k]++;
      perType.set(x.type, e);
    }
  }
  rows.push({ lang, tp, fp, fn, precision: pct(tp, tp + fp), recall: pct(tp, tp + fn), okTrapHits: `${s.falsePositives.filter((x) => x.onOkLine).length}/${okLines}` });
  if (values.verbose) {
    for (const x of s.falseNegatives) console.log(`  FN ${lang}/${x.file}:${x.line} ${x.type}`);
    for (const x of s.falsePositives) console.log(`  FP ${lang}/${x.file}:${x.line} ${x.type}${x.onOkLine ? ' (ok line)' : ''}`);
  }
}
if (values.json) {
  console.log(JSON.stringify({ languages: rows, types: Object.fromEntries(perType), total }, null, 2));
} else {
  console.log('| language | TP | FP | FN | precision | recall | ok-trap hits |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.lang} | ${r.tp} | ${r.fp} | ${r.fn} | ${r.precision} | ${r.recall} | ${r.okTrapHits} |`);
  console.log(`| **all** | ${total.tp} | ${total.fp} | ${total.fn} | ${pct(total.tp, total.tp + total.fp)} | ${pct(total.tp, total.tp + total.fn)} | |`);
  console.log('\n| type | TP | FP | FN | precision | recall |\n|---|---:|---:|---:|---:|---:|');
  for (const [type, e] of [...perType].sort()) console.log(`| ${type} | ${e.tp} | ${e.fp} | ${e.fn} | ${pct(e.tp, e.tp + e.fp)} | ${pct(e.tp, e.tp + e.fn)} |`);
}
