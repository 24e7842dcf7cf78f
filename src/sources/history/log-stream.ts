// `git log` as a stream of lines, handled synchronously a chunk at a time, with
// room for the rare work that has to wait between chunks.
import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { GitError, spawnGit } from '../git.ts';

/**
 * Calls `onLine` for every line of a stream, synchronously within each chunk;
 * after a chunk, `afterChunk` may return a promise, and the stream waits for it.
 */
export function forEachLine(stream: Readable, onLine: (line: string) => void, afterChunk: () => Promise<void> | null = () => null): Promise<void> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    // The last chunk's wait can still be running when the stream ends.
    let waiting: Promise<void> | null = null;
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
      waiting = afterChunk();
      if (waiting) {
        stream.pause();
        waiting.then(() => stream.resume(), reject);
      }
    });
    stream.once('end', () => {
      rest += decoder.end();
      if (rest) onLine(rest);
      (waiting ?? Promise.resolve()).then(() => resolve(), reject);
    });
    stream.once('error', reject);
  });
}

export interface LogOptions {
  signal?: AbortSignal;
  extraConfig?: string[];
}

/**
 * Runs `git log --stdin <args>` over the given revisions (`sha` to include,
 * `^sha` to exclude, or options such as `--all`, which go on the command line)
 * and feeds its output to `onLine` as it comes.
 */
export async function streamGitLog(
  repo: string,
  args: string[],
  revisions: string[],
  options: LogOptions,
  onLine: (line: string) => void,
  afterChunk?: () => Promise<void> | null,
): Promise<void> {
  const log = spawnGit(repo, ['log', '--stdin', ...args, ...revisionOptions(revisions)], options);
  let stderr = '';
  log.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve) => log.on('close', resolve));
  log.on('error', () => undefined);
  log.stdin.on('error', () => undefined);
  log.stdin.end(revisionLines(revisions));
  // Read from the start: a child whose output nobody listens to when it exits has that output discarded.
  const output = log.stdout.pipe(new PassThrough({ highWaterMark: 1 << 20 }));
  try {
    await forEachLine(output, onLine, afterChunk);
  } catch (error) {
    log.kill();
    throw error;
  }
  const code = await exited;
  if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
  if (code !== 0) throw new GitError(`git log failed: ${stderr.trim()}`, ['log', ...args], stderr, code);
}

/** Of a list of revisions, the options (`--all`): git 2.39 takes only names on --stdin. */
export function revisionOptions(revisions: string[]): string[] {
  return revisions.filter((r) => r.startsWith('--'));
}

/** Of a list of revisions, the names, as `--stdin` input. */
export function revisionLines(revisions: string[]): string {
  const names = revisions.filter((r) => !r.startsWith('--'));
  return names.length > 0 ? names.join('\n') + '\n' : '';
}
