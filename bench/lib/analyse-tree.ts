// One measurement for bench/build-pairs.ts, run in a process of its own: the analysis of a
// directory by the build of one checkout (`<checkout>/dist`, its own rules), on one thread, as
// `scanner scan --jobs 1 --no-cache` analyses it but timed without start-up, reading files and
// the report. Prints one JSON line: the analysis time, the CPU time it took, the files, and a
// digest of the findings (rule, file and line of each) so two builds can be told apart.
// With `--by-file N` it times each file on its own instead and prints the N slowest (its
// time includes parsing the files its calls lead into first), then the time by top folder.
//
//   node --import tsx bench/lib/analyse-tree.ts CHECKOUT DIR [--by-file N]
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [checkout, dir, byFileFlag, byFileCount] = process.argv.slice(2);
const slowest = byFileFlag === '--by-file' ? Number(byFileCount) : undefined;
if (!checkout || !dir || (byFileFlag !== undefined && !(slowest! > 0))) {
  process.stderr.write('usage: analyse-tree.ts CHECKOUT DIR [--by-file N]\n');
  process.exit(2);
}
const built = (module: string) => import(pathToFileURL(path.join(path.resolve(checkout), 'dist', module)).href);

const { loadRuleSet } = await built('engine/rules/load.js');
const { Analyzer } = await built('engine/analyze.js');
const { decodeSource } = await built('engine/parse/text.js');
const { collectDirectory } = await built('sources/directory.js');

const collected = await collectDirectory(path.resolve(dir));
const texts = new Map<string, { path: string; text: string }>();
for (const file of collected.files) {
  const decoded = decodeSource(file);
  if (!('skip' in decoded)) texts.set(file.path, { path: file.path, text: decoded.text });
}
const analyzer = Analyzer.create(loadRuleSet());
await analyzer.prepare(texts);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const project = analyzer.project(texts);
const results: { own: Finding[]; neighbours: Finding[]; elsewhere: Finding[] }[] = [];
const fileTimes: { file: string; milliseconds: number; findings: number }[] = [];
for (const file of texts.keys()) {
  const fileStarted = performance.now();
  const [result] = analyzer.analyse(project, [file]);
  fileTimes.push({ file, milliseconds: performance.now() - fileStarted, findings: result.own.length + result.neighbours.length + result.elsewhere.length });
  results.push(result);
}
const milliseconds = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (slowest) printSlowest(slowest);

interface Finding {
  ruleId: string;
  file: string;
  line: number;
}
const keys = results.flatMap((r) => [...r.own, ...r.neighbours, ...r.elsewhere].map((f) => `${f.ruleId} ${f.file}:${f.line}`)).sort();
process.stdout.write(
  `${JSON.stringify({
    milliseconds: Math.round(milliseconds),
    cpuMilliseconds: Math.round((cpu.user + cpu.system) / 1000),
    files: texts.size,
    findings: keys.length,
    digest: createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 12),
  })}\n`,
);

function printSlowest(count: number): void {
  const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
  fileTimes.sort((a, b) => b.milliseconds - a.milliseconds);
  process.stderr.write(`${count} slowest of ${fileTimes.length} files (${Math.round(milliseconds)} ms in all):\n`);
  for (const t of fileTimes.slice(0, count)) process.stderr.write(`${ms(t.milliseconds)}  ${String(t.findings).padStart(3)} findings  ${t.file}\n`);
  const byFolder = new Map<string, { milliseconds: number; files: number; findings: number }>();
  for (const t of fileTimes) {
    const folder = t.file.split('/').slice(0, 3).join('/');
    const sum = byFolder.get(folder) ?? byFolder.set(folder, { milliseconds: 0, files: 0, findings: 0 }).get(folder)!;
    sum.milliseconds += t.milliseconds;
    sum.files++;
    sum.findings += t.findings;
  }
  process.stderr.write('by folder (first three path segments):\n');
  for (const [folder, sum] of [...byFolder].sort((a, b) => b[1].milliseconds - a[1].milliseconds).slice(0, count)) {
    process.stderr.write(`${ms(sum.milliseconds)}  ${String(sum.files).padStart(5)} files  ${String(sum.findings).padStart(3)} findings  ${folder}\n`);
  }
}
