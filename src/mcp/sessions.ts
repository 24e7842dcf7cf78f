// Assistant sessions: watch a directory, re-scan each file as it changes, keep
// the latest findings per file. A session ends on stop, or by itself after a
// period without file changes (spec section 8: 60 s), and is then gone.
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Finding, SourceFile } from '../engine/index.ts';
import { loadEngine } from './lazy.ts';
import { ensureClientDir, writeJsonAtomic } from './client-state.ts';
import { ToolError } from './errors.ts';
import { describeCounts, sortFindings, toMcpFinding } from './findings.ts';
import { debug } from './log.ts';
import { resolveDirectory } from './repo.ts';
import type { McpFinding } from './schemas.ts';
import { WorkspaceIgnores, cacheDir } from '../sources/workspace.ts';

export const DEFAULT_SESSION_TIMEOUT_MS = 60_000;
/** Coalesces the bursts of events one save produces (write, chmod, rename). */
const DEBOUNCE_MS = 40;
const SETTLE_GRACE_MS = 150;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Besides what a scan of the tree skips: dependencies change by the thousand and are not the user's code. */
const NEVER_WATCHED = 'node_modules';
const MAX_ACTIVE_SESSIONS = 16;

type SessionState = 'active' | 'stopped' | 'timed_out';

/** The time and the inactivity timer of sessions; tests pass their own to end a session without waiting. */
export interface SessionClock {
  now(): number;
  /** Calls `fn` after `ms`, without keeping the process alive for it. */
  setTimer(fn: () => void, ms: number): { cancel(): void };
}

export const systemClock: SessionClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

class Session {
  state: SessionState = 'active';
  readonly startedAt: number;
  lastChangeAt: number;
  readonly findingsByFile = new Map<string, Finding[]>();
  /** Per file, its findings in test code: not reported, counted in the summary. */
  private readonly testFindingsByFile = new Map<string, number>();
  readonly scannedFiles = new Set<string>();
  private readonly pending = new Set<string>();
  private debounce?: NodeJS.Timeout;
  private inactivity?: { cancel(): void };
  /** Scans run one after another; this is the tail of the queue. */
  private work: Promise<void> = Promise.resolve();
  private watcher?: FSWatcher;
  private readonly ignores: WorkspaceIgnores;
  private inGitRepo = true;
  readonly errors: string[] = [];

  constructor(
    readonly id: string,
    readonly root: string,
    private readonly timeoutMs: number,
    private readonly clock: SessionClock = systemClock,
  ) {
    this.ignores = new WorkspaceIgnores(root);
    this.startedAt = clock.now();
    this.lastChangeAt = this.startedAt;
  }

  async start(): Promise<void> {
    // Load the engine while the watcher starts, so the first change is scanned at full speed.
    void loadEngine().catch((error) => debug('engine failed to load', error));
    this.inGitRepo = await isInsideGitWorkTree(this.root);
    await ensureClientDir(this.root, 'sessions');
    this.watcher = watch(this.root, {
      ignoreInitial: true,
      persistent: true,
      // Prune ignored directories at watch level: no inotify watches under node_modules & co.
      ignored: (absolute: string, stats?: { isDirectory(): boolean }) => this.ignoredByWatcher(absolute, stats?.isDirectory() ?? false),
    });
    this.watcher.on('all', (event, absolute) => {
      if (event === 'addDir' || event === 'unlinkDir') return;
      this.onChange(absolute);
    });
    this.watcher.on('error', (error) => {
      debug(`session ${this.id}: watcher error`, error);
      this.errors.push(String((error as Error)?.message ?? error));
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      this.watcher!.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.armInactivityTimer();
    await this.persist();
  }

  private relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/');
  }

  /** .gitignore and .scannerignore at every level (also outside git), as a scan of the tree honours them. */
  private ignoredByWatcher(absolute: string, isDir = false): boolean {
    const rel = this.relative(absolute);
    if (!rel || rel.startsWith('..')) return false;
    if (rel.split('/').includes(NEVER_WATCHED)) return true;
    return this.ignores.ignores(rel, isDir);
  }

  private onChange(absolute: string): void {
    if (this.state !== 'active') return;
    const rel = this.relative(absolute);
    this.ignores.changed(rel);
    if (this.ignoredByWatcher(absolute)) return;
    // Any change in the watched tree keeps the session alive (spec: the timer resets on each file change).
    this.lastChangeAt = this.clock.now();
    this.armInactivityTimer();
    this.pending.add(rel);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.flush(), DEBOUNCE_MS);
  }

  private flush(): void {
    const batch = [...this.pending];
    this.pending.clear();
    this.work = this.work.then(() => this.scanBatch(batch)).catch((error) => {
      debug(`session ${this.id}: scan failed`, error);
      this.errors.push(error instanceof Error ? error.message : String(error));
    });
  }

  private async scanBatch(batch: string[]): Promise<void> {
    if (this.state !== 'active' || batch.length === 0) return;
    const relevant = await this.withoutGitIgnored(batch);
    if (relevant.length === 0) return;

    const files: SourceFile[] = [];
    for (const rel of relevant) {
      const file = await readSourceFile(this.root, rel);
      if (file) files.push(file);
      else {
        // Deleted, unreadable or not source: whatever it reported before no longer stands.
        this.findingsByFile.delete(rel);
        this.testFindingsByFile.delete(rel);
      }
    }
    if (files.length > 0) {
      const started = Date.now();
      const { scanSourceFiles, isTestFinding } = await loadEngine();
      const result = await scanSourceFiles(files, {
        cacheDir: cacheDir(this.root),
        // A handful of files is faster in this thread than through worker start-up.
        jobs: files.length <= 8 ? 1 : undefined,
        // Test-code findings are counted per file here, so that a re-scan of one file replaces its count.
        includeTests: true,
      });
      if (this.state !== 'active') return;
      for (const file of files) {
        this.scannedFiles.add(file.path);
        this.findingsByFile.set(file.path, []);
        this.testFindingsByFile.delete(file.path);
      }
      for (const finding of result.findings) {
        if (isTestFinding(finding)) {
          this.testFindingsByFile.set(finding.file, (this.testFindingsByFile.get(finding.file) ?? 0) + 1);
          continue;
        }
        const list = this.findingsByFile.get(finding.file) ?? [];
        list.push(finding);
        this.findingsByFile.set(finding.file, list);
      }
      debug(`session ${this.id}: scanned ${files.length} file(s) in ${Date.now() - started} ms, ${result.findings.length} finding(s)`);
    }
    await this.persist();
  }

  /** Drops paths git ignores (nested .gitignore files, info/exclude, global excludes). */
  private async withoutGitIgnored(paths: string[]): Promise<string[]> {
    if (!this.inGitRepo) return paths.filter((p) => !this.ignores.ignores(p));
    const ignored = await new Promise<Set<string> | undefined>((resolve) => {
      const child = execFile('git', ['check-ignore', '--stdin', '-z'], { cwd: this.root }, (error, stdout) => {
        const code = (error as { code?: number } | null)?.code;
        if (error && code !== 1) resolve(undefined);
        else resolve(new Set(String(stdout).split('\0').filter(Boolean)));
      });
      // git may exit before reading its input (not a repository): that is an answer, not a crash.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(paths.join('\0') + '\0');
    });
    if (!ignored) {
      this.inGitRepo = false;
      return paths.filter((p) => !this.ignores.ignores(p));
    }
    return paths.filter((p) => !ignored.has(p));
  }

  private armInactivityTimer(): void {
    this.inactivity?.cancel();
    this.inactivity = this.clock.setTimer(() => {
      debug(`session ${this.id}: timed out after ${this.timeoutMs} ms without file changes`);
      void this.end('timed_out');
    }, this.timeoutMs);
  }

  /**
   * Waits until every change seen so far has been scanned. The grace period
   * lets the watcher deliver a save made just before this call.
   */
  async settle(graceMs = SETTLE_GRACE_MS): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    if (this.pending.size > 0) {
      clearTimeout(this.debounce);
      this.flush();
    }
    await this.work;
  }

  findings(): McpFinding[] {
    return sortFindings([...this.findingsByFile.values()].flat()).map((f) => toMcpFinding(f));
  }

  summary(): string {
    const all = [...this.findingsByFile.values()].flat();
    const affected = [...this.findingsByFile.values()].filter((list) => list.length > 0).length;
    const seconds = Math.round((this.clock.now() - this.lastChangeAt) / 1000);
    const scanned = `${this.scannedFiles.size} scanned file${this.scannedFiles.size === 1 ? '' : 's'}`;
    const base =
      this.scannedFiles.size === 0
        ? `No file has changed since the session started; nothing scanned yet. Watching ${this.root}.`
        : all.length === 0
          ? `No findings in ${scanned} of ${this.root}; last change ${seconds} s ago.`
          : `${describeCounts(all)} in ${affected} of ${scanned} of ${this.root}; last change ${seconds} s ago.`;
    const inTests = [...this.testFindingsByFile.values()].reduce((n, count) => n + count, 0);
    const withTests = inTests ? `${base} ${inTests} finding${inTests === 1 ? '' : 's'} in test code not shown (scanner scan --include-tests shows them).` : base;
    return this.errors.length ? `${withTests} Problems: ${this.errors.slice(-3).join('; ')}` : withTests;
  }

  async end(state: 'stopped' | 'timed_out'): Promise<void> {
    if (this.state !== 'active') return;
    this.state = state;
    clearTimeout(this.debounce);
    this.inactivity?.cancel();
    await this.watcher?.close().catch(() => undefined);
    await this.persist().catch((error) => debug(`session ${this.id}: could not save`, error));
  }

  async persist(): Promise<void> {
    const dir = await ensureClientDir(this.root, 'sessions');
    await writeJsonAtomic(path.join(dir, `${this.id}.json`), {
      sessionId: this.id,
      path: this.root,
      state: this.state,
      startedAt: new Date(this.startedAt).toISOString(),
      lastChangeAt: new Date(this.lastChangeAt).toISOString(),
      scannedFiles: [...this.scannedFiles].sort(),
      findings: [...this.findingsByFile.values()].flat(),
    });
  }
}

function isInsideGitWorkTree(dir: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir }, (error, stdout) => resolve(!error && String(stdout).trim() === 'true'));
  });
}

async function readSourceFile(root: string, rel: string): Promise<SourceFile | undefined> {
  const absolute = path.join(root, rel);
  try {
    const info = await stat(absolute);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    const content = await readFile(absolute);
    if (content.subarray(0, 8000).includes(0)) return undefined;
    return { path: rel, content };
  } catch (error) {
    // A file removed since the change was seen is simply gone; one that cannot be read is not scanned, and says so.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug(`could not read ${absolute}`, error);
    return undefined;
  }
}

export class AssistantSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly timeoutMs = sessionTimeoutFromEnv(),
    private readonly clock: SessionClock = systemClock,
  ) {}

  async start(input: { path: string }) {
    const root = await resolveDirectory(input.path, 'path');
    const active = [...this.sessions.values()].filter((s) => s.state === 'active');
    if (active.length >= MAX_ACTIVE_SESSIONS) {
      throw new ToolError(`${active.length} assistant sessions are already active; stop one with scanner_security_assistant_stop first.`);
    }
    const session = new Session(randomUUID(), root, this.timeoutMs, this.clock);
    this.sessions.set(session.id, session);
    try {
      await session.start();
    } catch (error) {
      await session.end('stopped');
      this.sessions.delete(session.id);
      throw new ToolError(`Could not watch ${root}: ${(error as Error).message}`);
    }
    const timeout = Math.round(this.timeoutMs / 1000);
    return {
      message: `Security assistant session ${session.id} started: watching ${root}. Every file you change there is re-scanned (.git, node_modules, .scanner and .gitignore'd files are ignored).`,
      nextSteps:
        `Session id: ${session.id}. Edit code, then 10 or more seconds after a change call scanner_security_assistant_results {session: "${session.id}"} ` +
        `(add wait: N to wait N more seconds). Call scanner_security_assistant_stop {session: "${session.id}"} when done. ` +
        `The session ends by itself after ${timeout} seconds without file changes.`,
      sessionId: session.id,
    };
  }

  async results(input: { session: string; wait?: number }) {
    const session = this.activeSession(input.session);
    if (input.wait) await new Promise((resolve) => setTimeout(resolve, input.wait! * 1000));
    // The session may have ended while we waited.
    this.activeSession(input.session);
    await session.settle();
    this.activeSession(input.session);
    return {
      response: { findings: session.findings(), summary: session.summary(), scannedFiles: [...session.scannedFiles].sort() },
    };
  }

  async stop(input: { session: string }) {
    const session = this.activeSession(input.session);
    await session.settle();
    const findings = session.findings();
    const summary = session.summary();
    await session.end('stopped');
    const duration = Math.round((this.clock.now() - session.startedAt) / 1000);
    return {
      message: `Session ${session.id} stopped after ${duration} s; ${session.root} is no longer watched.`,
      nextSteps:
        findings.length > 0
          ? `Fix the ${findings.length} finding${findings.length === 1 ? '' : 's'} (see remediation), then check with scanner_scan_diff, or start a new session with scanner_security_assistant {path: ${JSON.stringify(session.root)}}.`
          : `No findings. Before pushing, run scanner_full_scan; start a new session any time with scanner_security_assistant {path: ${JSON.stringify(session.root)}}.`,
      response: { findings, summary },
    };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.end('stopped')));
  }

  private activeSession(id: string): Session {
    const session = this.sessions.get(id);
    const restart = 'Start a new one with scanner_security_assistant {path}.';
    if (!session) throw new ToolError(`Unknown session "${id}": no such assistant session in this MCP server (sessions end when the server restarts). ${restart}`);
    if (session.state === 'timed_out') {
      throw new ToolError(
        `Session ${id} timed out: no file changed in ${session.root} for ${Math.round(this.timeoutMs / 1000)} seconds, so it ended and its results are no longer available. ${restart}`,
      );
    }
    if (session.state === 'stopped') throw new ToolError(`Session ${id} was stopped; its results are no longer available. ${restart}`);
    return session;
  }
}

function sessionTimeoutFromEnv(): number {
  const value = Number(process.env.SCANNER_SESSION_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SESSION_TIMEOUT_MS;
}
