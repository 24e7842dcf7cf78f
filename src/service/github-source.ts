// The service's view of the git sources (src/sources/clone.ts and
// git-history.ts, built by the sources area). They are loaded on first use, so
// that a build without them still serves commit scans and reports a GitHub
// scan as failed (not billed) instead of refusing to start.
import type { Finding } from '../engine/index.ts';

export interface ClonedRepository {
  dir: string;
  commit: string;
  ref: string;
  cleanup(): Promise<void>;
}

export type CloneRepository = (
  url: string,
  opts: {
    ref?: string;
    history?: boolean;
    token?: string;
    timeoutMs?: number;
    maxBytes?: number;
    allowedBaseUrl?: string;
    allowFileProtocol?: boolean;
  },
) => Promise<ClonedRepository>;

export type ScanHistory = (
  repo: string,
  opts?: { signal?: AbortSignal; onFinding?: (finding: Finding) => void },
) => Promise<{ findings: Finding[]; commitsSeen: number; blobsScanned: number; shallow: boolean }>;

async function load<T>(file: string, name: string): Promise<T> {
  let module: Record<string, unknown>;
  try {
    module = await import(new URL(file, import.meta.url).href);
  } catch {
    throw new Error(`${name} is not available in this build`);
  }
  if (typeof module[name] !== 'function') throw new Error(`${name} is not available in this build`);
  return module[name] as T;
}

export const loadCloneRepository = () => load<CloneRepository>('../sources/clone.ts', 'cloneRepository');
export const loadScanHistory = () => load<ScanHistory>('../sources/git-history.ts', 'scanHistory');
