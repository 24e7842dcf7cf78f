// Precision and recall of secret detection on the labelled corpus.
//   node --import tsx bench/secrets-quality.ts [CORPUS_DIR]   (default ../shared/corpus)
// Scores HARDCODED_SECRET on `secrets/` and, separately, on the HARDCODED_SECRET
// labels of the language folders. Exact (file, line) matches, as the corpus README asks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findSecrets } from '../src/engine/secrets/index.ts';
import { parseAnnotations, score, type Annotation } from '../src/engine/rules/annotations.ts';

const corpus = resolve(process.argv[2] ?? process.env.SCANNER_CORPUS ?? '../shared/corpus');
const TYPE = 'HARDCODED_SECRET';

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function measure(folders: string[]) {
  const expectations: Annotation[] = [];
  const findings: ReturnType<typeof findSecrets> = [];
  let bytes = 0;
  let files = 0;
  const started = performance.now();
  for (const folder of folders) {
    for (const path of walk(join(corpus, folder))) {
      const file = relative(corpus, path).split('\\').join('/');
      const text = readFileSync(path, 'utf8');
      bytes += text.length;
      files++;
      expectations.push(...parseAnnotations(file, text));
      findings.push(...findSecrets(file, text));
    }
  }
  const ms = performance.now() - started;
  return { result: score(expectations, findings, { type: TYPE }), files, bytes, ms };
}

function report(label: string, m: ReturnType<typeof measure>) {
  const { result } = m;
  const { truePositives, findings, ruleid } = result.overall;
  const precision = findings === 0 ? 1 : truePositives / findings;
  const recall = ruleid === 0 ? 1 : truePositives / ruleid;
  console.log(
    `${label}: precision ${(precision * 100).toFixed(1)}% (${truePositives}/${findings}), ` +
      `recall ${(recall * 100).toFixed(1)}% (${truePositives}/${ruleid}), ` +
      `${m.files} files, ${(m.bytes / 1024).toFixed(0)} KiB in ${m.ms.toFixed(0)} ms`,
  );
  for (const fp of result.falsePositives) console.log(`  false positive${fp.why === 'ok-trap' ? ' (ok trap)' : ''}: ${fp.file}:${fp.line} ${fp.ruleId} ${fp.snippet}`);
  for (const fn of result.falseNegatives) console.log(`  missed: ${fn.file}:${fn.line}`);
  return { precision, recall };
}

const languageFolders = readdirSync(corpus).filter((n) => n !== 'secrets' && statSync(join(corpus, n)).isDirectory());
const secrets = report('corpus/secrets', measure(['secrets']));
report(`corpus language folders (${languageFolders.join(', ')})`, measure(languageFolders));
report('whole corpus', measure(['secrets', ...languageFolders]));
if (secrets.precision < 0.95 || secrets.recall < 0.95) {
  console.log('below the 95% precision/recall target on corpus/secrets');
  process.exitCode = 1;
}
