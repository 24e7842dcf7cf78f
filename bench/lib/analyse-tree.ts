// One measurement for bench/build-pairs.ts, run in a process of its own: the analysis of a
// directory by the build of one checkout (`<checkout>/dist`, its own rules), on one thread, as
// `scanner scan --jobs 1 --no-cache` analyses it but timed without start-up, reading files and
// the report. Prints one JSON line: the analysis time, the CPU time it took, the files, and a
// digest of the findings (rule, file and line of each) so two builds can be told apart.
//
//   node --import tsx bench/lib/analyse-tree.ts CHECKOUT DIR
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [checkout, dir] = process.argv.slice(2);
if (!checkout || !dir) {
  process.stderr.write('usage: analyse-tree.ts CHECKOUT DIR\n');
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
const results: { own: Finding[]; neighbours: Finding[]; elsewhere: Finding[] }[] = analyzer.analyse(analyzer.project(texts), [...texts.keys()]);
const milliseconds = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);

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
