// A worker thread of a scan: loads the rules and grammars, analyses its share of
// the files and streams each file's result back.
import { parentPort, workerData } from 'node:worker_threads';
import { loadRuleSet } from './rules/load.ts';
import { Analyzer, type FileText } from './analyze.ts';

const { files, entries, rulesDirs } = workerData as { files: FileText[]; entries: string[]; rulesDirs: string[] };

try {
  const analyzer = Analyzer.create(loadRuleSet(rulesDirs));
  const all = new Map(files.map((f) => [f.path, f]));
  await analyzer.prepare(all);
  analyzer.analyse(analyzer.project(all), entries, (file) => parentPort!.postMessage({ file }));
  parentPort!.postMessage({ done: true });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).stack ?? String(error) });
}
