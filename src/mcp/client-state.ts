// Client state kept beside the code it describes: `<root>/.scanner/client/`.
// It survives a restart of the MCP server (so `latest: true` still works) and
// `.scanner/.gitignore` keeps all of it out of commits.
import { readFile, rename, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Finding, ScanSummary } from '../engine/index.ts';
import { clientDir, prepareScannerDir } from '../sources/workspace.ts';
import { debug } from './log.ts';
import type { McpDismissal } from './schemas.ts';

export type ScanMode = 'diff' | 'full';
export type ScanState = 'running' | 'completed' | 'failed';

export interface ScanRecord {
  scan_id: string;
  repo: string;
  mode: ScanMode;
  state: ScanState;
  since?: string;
  createdAt: string;
  finishedAt?: string;
  eta_ms: number;
  files_considered: number;
  /** Not-ready status answers so far: drives the polling backoff. */
  polls: number;
  findings: Finding[];
  /** Diff scans: findings in changed files that do not touch a changed line. */
  preexisting?: number;
  summary?: Partial<ScanSummary> & { historyCommits?: number; historyBlobs?: number; treeMs?: number; historyMs?: number };
  error?: string;
  /** Remote mode: findings dismissed on the service (triage), by finding id, as of the last read. */
  dismissals?: Record<string, McpDismissal>;
  /** Remote mode: the service's job id and kind. */
  remote?: { jobId: string; kind: 'commit' | 'github'; apiUrl: string };
  /** PID of the MCP server that ran a local scan: a record left "running" by a dead server is stale. */
  pid?: number;
}

export async function ensureClientDir(root: string, ...sub: string[]): Promise<string> {
  return prepareScannerDir(root, 'client', ...sub);
}

/** Write-then-rename so a reader never sees half a file. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, JSON.stringify(value, null, 2));
  await rename(tmp, file);
}

/** A missing file is undefined; an unreadable or corrupt one is too, and is logged (the record is lost). */
export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug(`could not read ${file}`, error);
    return undefined;
  }
}

const SCAN_ID = /^[A-Za-z0-9_-]{1,100}$/;

export class ScanStore {
  constructor(readonly root: string) {}

  private scanFile(scanId: string): string {
    return path.join(clientDir(this.root), 'scans', `${scanId}.json`);
  }

  async save(record: ScanRecord): Promise<void> {
    await ensureClientDir(this.root, 'scans');
    await writeJsonAtomic(this.scanFile(record.scan_id), record);
  }

  async setLatest(scanId: string): Promise<void> {
    await ensureClientDir(this.root);
    await writeJsonAtomic(path.join(clientDir(this.root), 'latest.json'), { scan_id: scanId, at: new Date().toISOString() });
  }

  async load(scanId: string): Promise<ScanRecord | undefined> {
    if (!SCAN_ID.test(scanId)) return undefined;
    return readJson<ScanRecord>(this.scanFile(scanId));
  }

  async latestId(): Promise<string | undefined> {
    const latest = await readJson<{ scan_id: string }>(path.join(clientDir(this.root), 'latest.json'));
    return latest?.scan_id;
  }

  async list(): Promise<string[]> {
    try {
      return (await readdir(path.join(clientDir(this.root), 'scans'))).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') debug('could not list the saved scans', error);
      return [];
    }
  }
}
