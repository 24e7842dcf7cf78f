// The files of a scan still to analyse, shared by the scanning thread and its
// helper threads. It lives in shared memory so that a helper takes its next batch
// itself: it never waits for the scanning thread, which is busy analysing too.

/** Files taken at a time: small enough that the threads finish together. */
const BATCH_FILES = 4;

/**
 * The files are split into one contiguous run per thread (by size, in path order so a
 * run holds whole directories). A thread takes batches from the front of its own run,
 * then from the back of the longest other run: threads rarely work in the same
 * directory, so each parses the neighbours its calls resolve into on its own.
 */
export class WorkQueue {
  /** [lock, then per run: next, end] — indexes into `files`. */
  private readonly state: Int32Array;

  constructor(
    readonly files: string[],
    readonly shared: SharedArrayBuffer,
  ) {
    this.state = new Int32Array(shared);
  }

  /** A queue of `files` for `threads` threads; `size` weighs a file (its length). */
  static plan(files: string[], threads: number, size: (file: string) => number): WorkQueue {
    const sorted = [...files].sort();
    const total = sorted.reduce((n, f) => n + size(f), 0);
    const queue = new WorkQueue(sorted, new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (1 + 2 * threads)));
    let taken = 0;
    let index = 0;
    for (let run = 0; run < threads; run++) {
      queue.state[1 + 2 * run] = index;
      // This run ends where the files before it weigh its share of the whole.
      while (index < sorted.length && (run === threads - 1 || taken + size(sorted[index]!) / 2 <= (total * (run + 1)) / threads)) {
        taken += size(sorted[index]!);
        index++;
      }
      queue.state[2 + 2 * run] = index;
    }
    return queue;
  }

  get threads(): number {
    return (this.state.length - 1) / 2;
  }

  /** The next batch for `thread` (0 is the scanning thread); empty when all is taken. */
  take(thread: number): string[] {
    return this.locked(() => {
      const own = 1 + 2 * thread;
      const next = this.state[own]!;
      const end = this.state[own + 1]!;
      if (next < end) {
        const until = Math.min(end, next + BATCH_FILES);
        this.state[own] = until;
        return this.files.slice(next, until);
      }
      let longest = -1;
      let left = 0;
      for (let run = 0; run < this.threads; run++) {
        const remaining = this.state[2 + 2 * run]! - this.state[1 + 2 * run]!;
        if (remaining > left) [longest, left] = [run, remaining];
      }
      if (longest < 0) return [];
      const runEnd = this.state[2 + 2 * longest]!;
      const from = Math.max(this.state[1 + 2 * longest]!, runEnd - BATCH_FILES);
      this.state[2 + 2 * longest] = from;
      return this.files.slice(from, runEnd);
    });
  }

  /** Leaves nothing to take (a cancelled or failed scan): every thread stops after its batch. */
  stop(): void {
    this.locked(() => {
      for (let run = 0; run < this.threads; run++) this.state[1 + 2 * run] = this.state[2 + 2 * run]!;
    });
  }

  private locked<T>(work: () => T): T {
    // The critical section is a few reads and writes: spinning is cheaper than waiting.
    while (Atomics.compareExchange(this.state, 0, 0, 1) !== 0);
    try {
      return work();
    } finally {
      Atomics.store(this.state, 0, 0);
    }
  }
}
