// The worker pool: threads that analyse files beside the scanning thread. Each loads the
// rules when it starts, so a caller that starts them before collecting the files
// (`scanner scan` does) has that start-up done by the time the files are known.
import { Worker } from 'node:worker_threads';
import '../tiering.ts';
import type { FileAnalysis, FileText } from '../analyze.ts';
import type { WorkQueue } from './work-queue.ts';

/**
 * Compiled (dist/*.js) workers run directly; TypeScript sources need a bootstrap
 * that registers the loader in the thread first.
 */
const WORKER_URL = import.meta.url.endsWith('.ts') ? new URL('./worker-entry.mjs', import.meta.url) : new URL('./worker.js', import.meta.url);

/**
 * Below this much source (bytes), starting worker threads for a scan of `jobs` threads costs
 * more than it saves. Each thread loads the rules, instantiates and warms up the grammars and
 * compiles the queries it needs; with one helper beside the scanning thread (two cores) it
 * also competes with V8's own compiler and collector threads. On two cores one thread was
 * faster than two for each of the four 100k-line speed sets (3–4 MB) and two were faster
 * for each 10–19 MB set (`bench/speed.ts --jobs 1` against `--jobs 2`). More threads share
 * the start-up over more work; that lower bound was not re-measured.
 */
export function minBytesForWorkers(jobs: number): number {
  return jobs <= 2 ? 6_000_000 : 1_500_000;
}

/** What a worker sends: a file's analysis, that the queue is empty, or why it stopped. */
export type WorkerMessage = { file: FileAnalysis } | { done: true } | { error: string };
/** What a worker starts with. */
export interface WorkerStartData {
  rulesDirs: string[];
  samplePaths: string[];
}
/** What a worker receives: every file of the scan (calls may resolve anywhere) and the queue to take work from. */
export interface WorkerRequest {
  files: FileText[];
  queue: { files: string[]; shared: SharedArrayBuffer };
  thread: number;
}

interface Helper {
  worker: Worker;
  /** Set by `run`; until then an early failure is kept in `failed`. */
  onMessage?: (msg: WorkerMessage) => void;
  onFailure?: (error: Error) => void;
  failed?: Error;
}

export class WorkerPool {
  private used = false;

  private constructor(private readonly helpers: Helper[]) {}

  /**
   * Starts `count` workers for the built-in rules plus `rulesDirs`. The languages of
   * `samplePaths` (a path per kind of file the scan will hold) are loaded at once, while
   * the caller reads the files.
   */
  static start(count: number, rulesDirs: string[], samplePaths: string[] = []): WorkerPool {
    const helpers: Helper[] = [];
    const workerData: WorkerStartData = { rulesDirs, samplePaths };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(WORKER_URL, { workerData });
      const helper: Helper = { worker };
      const fail = (error: Error) => {
        if (helper.onFailure) helper.onFailure(error);
        else helper.failed ??= error;
      };
      worker.on('message', (msg: WorkerMessage) => {
        if ('error' in msg) fail(new Error(msg.error));
        else helper.onMessage?.(msg);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`analysis worker exited with code ${code}`)));
      helpers.push(helper);
    }
    return new WorkerPool(helpers);
  }

  get size(): number {
    return this.helpers.length;
  }

  /**
   * Has every helper analyse batches it takes from `queue` (helpers are threads 1…size;
   * 0 is the calling thread) until the queue is empty. Resolves when every helper is done;
   * rejects on the first helper's failure. A pool runs once.
   */
  run(files: FileText[], queue: WorkQueue, onAnalysis: (analysis: FileAnalysis) => void): Promise<void> {
    if (this.used) throw new Error('analysis helpers run one scan');
    this.used = true;
    return Promise.all(
      this.helpers.map(
        (helper, i) =>
          new Promise<void>((resolve, reject) => {
            if (helper.failed) return reject(helper.failed);
            helper.onFailure = reject;
            helper.onMessage = (msg) => {
              if ('file' in msg) onAnalysis(msg.file);
              else resolve();
            };
            const request: WorkerRequest = { files, queue: { files: queue.files, shared: queue.shared }, thread: i + 1 };
            helper.worker.postMessage(request);
          }),
      ),
    ).then(() => undefined);
  }

  /** Stops the workers (whether or not they ran). */
  close(): void {
    for (const helper of this.helpers) {
      helper.worker.removeAllListeners('exit');
      void helper.worker.terminate();
    }
  }
}
