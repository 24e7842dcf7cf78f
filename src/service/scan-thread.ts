// Runs performScan in worker threads, so the main thread keeps answering HTTP
// and streaming SSE while the engine works. Threads are kept and reused (the
// engine's parsers and rules load once per thread); stopping a scan terminates
// its thread and removes whatever it had fetched.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { Finding } from '../engine/index.ts';
import { CLONE_FOLDER_PREFIX, forgetProcessGroup, killProcessGroup, trackProcessGroup } from '../sources/clone.ts';
import { performScan, type ScanCallbacks, type ScanTask } from './scan-work.ts';

type Message =
  | { kind: 'progress'; percent: number; message: string; force?: boolean }
  | { kind: 'finding'; finding: Finding }
  | { kind: 'scratch'; dir: string }
  | { kind: 'process-group'; pgid: number; running: boolean }
  | { kind: 'done'; summary: Record<string, unknown> }
  | { kind: 'error'; message: string };

type Command = { kind: 'scan'; task: ScanTask } | { kind: 'abort' };

/** How long a stopped scan's thread may take to end its own work before it is terminated. */
const ABORT_GRACE_MS = 1000;

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
    const groups = new Set<number>();
    let settled = false;
    let aborting: NodeJS.Timeout | null = null;
    const killGroups = () => {
      for (const pgid of groups) {
        killProcessGroup(pgid);
        forgetProcessGroup(pgid);
      }
      groups.clear();
    };
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (aborting) clearTimeout(aborting);
      cb.signal?.removeEventListener('abort', onAbort);
      if (reusable) {
        giveBack(worker);
        outcome();
        return;
      }
      worker.removeAllListeners('exit');
      killGroups();
      void worker.terminate();
      // A clone lives in its own temp dir (…/scanner-clone-*): remove it, since the thread could not.
      const leftover = scratch && path.basename(scratch).startsWith(CLONE_FOLDER_PREFIX) ? scratch : null;
      const removal = leftover
        ? rm(leftover, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch((error: unknown) =>
            cb.warn?.(`could not remove the clone folder ${leftover}; the next start removes it`, error),
          )
        : Promise.resolve();
      void removal.then(outcome);
    };
    const stopped = () => reject(cb.signal?.reason ?? new Error('aborted'));
    // Stopping: the fetch's process groups die at once; the thread is asked to stop (it ends
    // what it started and removes its clone) and is terminated if it has not within the grace.
    const onAbort = () => {
      killGroups();
      worker.postMessage({ kind: 'abort' } satisfies Command);
      aborting = setTimeout(() => finish(false, stopped), ABORT_GRACE_MS);
    };
    cb.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: Message) => {
      if (settled) return;
      if (message.kind === 'scratch') scratch = message.dir;
      else if (message.kind === 'process-group') {
        if (!message.running) {
          groups.delete(message.pgid);
          forgetProcessGroup(message.pgid);
        } else if (aborting) killProcessGroup(message.pgid);
        else {
          groups.add(message.pgid);
          // Also ended if this process exits while the thread still fetches.
          trackProcessGroup(message.pgid);
        }
      } else if (aborting) {
        if (message.kind === 'done' || message.kind === 'error') finish(false, stopped);
      } else if (message.kind === 'progress') cb.progress(message.percent, message.message, message.force);
      else if (message.kind === 'finding') cb.finding(message.finding);
      else if (message.kind === 'done') finish(true, () => resolve({ summary: message.summary }));
      else if (message.kind === 'error') finish(true, () => reject(new Error(message.message)));
    });
    worker.on('error', (error) => finish(false, () => reject(error)));
    worker.on('exit', (code) => finish(false, () => reject(new Error(`scan thread exited (${code})`))));
    worker.postMessage({ kind: 'scan', task } satisfies Command);
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const post = (message: Message) => port.postMessage(message);
  let current: AbortController | null = null;
  port.on('message', (command: Command) => {
    if (command.kind === 'abort') {
      current?.abort(new Error('scan stopped'));
      return;
    }
    const abort = new AbortController();
    current = abort;
    performScan(command.task, {
      progress: (percent, message, force) => post({ kind: 'progress', percent, message, force }),
      finding: (finding) => post({ kind: 'finding', finding }),
      scratch: (dir) => post({ kind: 'scratch', dir }),
      processGroup: (pgid, running) => post({ kind: 'process-group', pgid, running }),
      signal: abort.signal,
    })
      .then(
        ({ summary }) => post({ kind: 'done', summary }),
        (error: unknown) => post({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        if (current === abort) current = null;
      });
  });
}
