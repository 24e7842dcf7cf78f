// Runs performScan in worker threads, so the main thread keeps answering HTTP
// and streaming SSE while the engine works. Threads are kept and reused (the
// engine's parsers and rules load once per thread); stopping a scan terminates
// its thread and removes whatever it had fetched.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { Finding } from '../engine/index.ts';
import { performScan, type ScanCallbacks, type ScanTask } from './scan-work.ts';

type Message =
  | { kind: 'progress'; percent: number; message: string; force?: boolean }
  | { kind: 'finding'; finding: Finding }
  | { kind: 'scratch'; dir: string }
  | { kind: 'done'; summary: Record<string, unknown> }
  | { kind: 'error'; message: string };

const idle: Worker[] = [];
const MAX_IDLE = 8;

function takeWorker(): Worker {
  const reused = idle.pop();
  if (reused) {
    reused.ref();
    return reused;
  }
  return new Worker(import.meta.url.endsWith('.ts') ? new URL('./scan-thread-entry.mjs', import.meta.url) : new URL('./scan-thread.js', import.meta.url));
}

function giveBack(worker: Worker): void {
  worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit');
  if (idle.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  // An idle thread must not keep the process alive.
  worker.unref();
  worker.once('exit', () => {
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
  });
  idle.push(worker);
}

/** Ends the kept threads (at shutdown). */
export async function closeScanThreads(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
}

export function runScanInThread(task: ScanTask, cb: ScanCallbacks): Promise<{ summary: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    if (cb.signal?.aborted) return reject(cb.signal.reason ?? new Error('aborted'));
    const worker = takeWorker();
    let scratch: string | null = null;
    let settled = false;
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      cb.signal?.removeEventListener('abort', onAbort);
      if (reusable) {
        giveBack(worker);
        outcome();
        return;
      }
      worker.removeAllListeners('exit');
      void worker.terminate();
      // A clone lives in its own temp dir (…/scanner-clone-*/repo.git): remove it, since the thread could not.
      const leftover = scratch && path.basename(path.dirname(scratch)).startsWith('scanner-clone-') ? path.dirname(scratch) : null;
      const removal = leftover ? rm(leftover, { recursive: true, force: true }).catch(() => {}) : Promise.resolve();
      void removal.then(outcome);
    };
    const onAbort = () => finish(false, () => reject(cb.signal?.reason ?? new Error('aborted')));
    cb.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: Message) => {
      if (settled) return;
      if (message.kind === 'progress') cb.progress(message.percent, message.message, message.force);
      else if (message.kind === 'finding') cb.finding(message.finding);
      else if (message.kind === 'scratch') scratch = message.dir;
      else if (message.kind === 'done') finish(true, () => resolve({ summary: message.summary }));
      else if (message.kind === 'error') finish(true, () => reject(new Error(message.message)));
    });
    worker.on('error', (error) => finish(false, () => reject(error)));
    worker.on('exit', (code) => finish(false, () => reject(new Error(`scan thread exited (${code})`))));
    worker.postMessage(task);
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const post = (message: Message) => port.postMessage(message);
  port.on('message', (task: ScanTask) => {
    performScan(task, {
      progress: (percent, message, force) => post({ kind: 'progress', percent, message, force }),
      finding: (finding) => post({ kind: 'finding', finding }),
      scratch: (dir) => post({ kind: 'scratch', dir }),
    }).then(
      ({ summary }) => post({ kind: 'done', summary }),
      (error: unknown) => post({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
