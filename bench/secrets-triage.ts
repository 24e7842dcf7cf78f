// Secret findings on the real-code projects against their hand-made verdicts
// (bench/real-code/triage/<project>/secrets.json): findings per project, precision
// on the judged ones, verdicts no longer reported, and findings not judged yet.
//   node --import tsx bench/secrets-triage.ts ROOT [PROJECT…]
// ROOT holds one checkout per project (folder name = project name). Files are listed
// and decoded as a scan does (ignore files, vendored and generated folders, binaries,
// minified code, `scanner-ignore` comments), but only the secret rules run: seconds
// per project instead of a full scan's minutes.
// Passwords that a SQL script of the project sets are left out as a scan leaves them out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSecrets } from '../src/engine/secrets/index.ts';
import { SetupScriptPasswords } from '../src/engine/secrets/setup-scripts.ts';
import { decodeSource } from '../src/engine/parse/text.ts';
import { isSuppressed, suppressionsOf } from '../src/engine/suppress.ts';
import { listDirectory, readListed } from '../src/sources/directory.ts';

interface Verdict {
  file: string;
  line: number;
  rule: string;
  verdict: 'TP' | 'FP';
  reason: string;
}

const TRIAGE_DIR = resolve(fileURLToPath(import.meta.url), '../real-code/triage');
const [rootArg, ...only] = process.argv.slice(2);
if (!rootArg) {
  console.error('usage: bench/secrets-triage.ts ROOT [PROJECT…]');
  process.exit(2);
}
const root = resolve(rootArg);
const projects = only.length > 0 ? only : readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory()).sort();

const key = (file: string, line: number, rule: string) => `${file}\0${line}\0${rule}`;
let allReported = 0;
let allTP = 0;
let allFP = 0;
let allUnjudged = 0;
let allMissedTP = 0;
for (const project of projects) {
  const triageFile = join(TRIAGE_DIR, project, 'secrets.json');
  const verdicts: Verdict[] = existsSync(triageFile) ? JSON.parse(readFileSync(triageFile, 'utf8')) : [];
  const byKey = new Map(verdicts.map((v) => [key(v.file, v.line, v.rule), v]));
  const { files } = readListed(await listDirectory(join(root, project)));
  const reported = new Set<string>();
  const unjudged: string[] = [];
  const byRule = new Map<string, number>();
  let tp = 0;
  let fp = 0;
  // Decoded first: as in a scan, a password the tree's SQL scripts set is judged over all files.
  const texts = new Map<string, { text: string }>();
  for (const source of files) {
    const decoded = decodeSource(source);
    if (!('skip' in decoded)) texts.set(source.path, { text: decoded.text });
  }
  const setupPasswords = new SetupScriptPasswords(texts);
  for (const [path, decoded] of texts) {
    const found = setupPasswords.filter(findSecrets(path, decoded.text));
    if (found.length === 0) continue;
    const suppressions = suppressionsOf(decoded.text.split(/\r?\n/));
    for (const f of found) {
      if (isSuppressed(suppressions, f.line, f.type)) continue;
      const k = key(f.file, f.line, f.ruleId);
      reported.add(k);
      byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
      const verdict = byKey.get(k);
      if (!verdict) unjudged.push(`  unjudged: ${f.file}:${f.line} ${f.ruleId} ${f.snippet.slice(0, 160)}`);
      else if (verdict.verdict === 'TP') tp++;
      else fp++;
    }
  }
  const gone = verdicts.filter((v) => !reported.has(key(v.file, v.line, v.rule)));
  const missedTP = gone.filter((v) => v.verdict === 'TP');
  const judged = tp + fp;
  const precision = judged === 0 ? '-' : `${((tp / judged) * 100).toFixed(0)}%`;
  console.log(
    `${project}: ${reported.size} findings ${JSON.stringify(Object.fromEntries(byRule))}; ` +
      `judged ${judged} (TP ${tp}, FP ${fp}, precision ${precision}); ` +
      `no longer reported: ${gone.length - missedTP.length} FP, ${missedTP.length} TP; unjudged ${unjudged.length}`,
  );
  for (const v of missedTP) console.log(`  TP no longer reported: ${v.file}:${v.line} ${v.rule} (${v.reason})`);
  for (const line of unjudged) console.log(line);
  allReported += reported.size;
  allTP += tp;
  allFP += fp;
  allUnjudged += unjudged.length;
  allMissedTP += missedTP.length;
}
const judged = allTP + allFP;
console.log(
  `all: ${allReported} findings, TP ${allTP}, FP ${allFP}, precision ${judged === 0 ? '-' : `${((allTP / judged) * 100).toFixed(1)}%`}, ` +
    `unjudged ${allUnjudged}, TP no longer reported ${allMissedTP}`,
);
if (allMissedTP > 0) process.exitCode = 1;
