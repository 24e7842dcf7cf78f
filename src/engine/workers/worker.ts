// A worker thread of a scan (see pool.ts): loads the rules as soon as it starts,
// then receives the scan's files and analyses batches it takes from the shared work
// queue until none are left, streaming each file's analysis back.
import { parentPort, workerData } from 'node:worker_threads';
import { loadRuleSet } from '../rules/load.ts';
import { Analyzer } from '../analyze.ts';
import { WorkQueue } from './work-queue.ts';
import type { WorkerMessage, WorkerRequest, WorkerStartData } from './pool.ts';

const { rulesDirs, samplePaths } = workerData as WorkerStartData;
const port = parentPort!;
const send = (msg: WorkerMessage) => port.postMessage(msg);

try {
  const analyzer = Analyzer.create(loadRuleSet(rulesDirs));
  // The grammars of the languages expected load while the scanning thread reads the files.
  // A failure here shows again when the scan's own files are prepared.
  const expected = analyzer.prepare(new Map(samplePaths.map((p) => [p, { path: p, text: '' }]))).catch(() => undefined);
  port.once('message', (request: WorkerRequest) => {
    void (async () => {
      try {
        const all = new Map(request.files.map((f) => [f.path, f]));
        await expected;
        await analyzer.prepare(all);
        const project = analyzer.project(all);
        const queue = new WorkQueue(request.queue.files, request.queue.shared);
        for (let batch = queue.take(request.thread); batch.length; batch = queue.take(request.thread)) {
          analyzer.analyse(project, batch, (file) => send({ file }));
        }
        send({ done: true });
      } catch (error) {
        send({ error: (error as Error).stack ?? String(error) });
      }
    })();
  });
} catch (error) {
  send({ error: (error as Error).stack ?? String(error) });
}
