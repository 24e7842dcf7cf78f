// Scans a set of files: groups them into packages (directories, the unit of
// cross-file analysis), spreads packages over worker threads, and reuses cached
// results for packages whose content and rule set have not changed.
import type { Finding, ScanResult, SourceFile, SkippedFile } from './types.ts';
import type { RuleSet } from './rules/load.ts';

export interface ScanProgress {
  filesDone: number;
  filesTotal: number;
}

export interface ScanOptions {
  /** Rules to use; default: the built-in rules (plus `extraRulesDirs`). */
  rules?: RuleSet;
  /** Directories of extra YAML rule files (`--rules DIR`). */
  extraRulesDirs?: string[];
  /** Worker threads; default: number of cores. 1 = analyse in this thread. */
  jobs?: number;
  /** Directory of the result cache (`.scanner/cache`); null disables it. */
  cacheDir?: string | null;
  /** Files the source layer already skipped (vendored, binary, …): counted in the summary. */
  skipped?: SkippedFile[];
  onProgress?: (progress: ScanProgress) => void;
  /** Called once per finding as soon as it is known (the service streams these). */
  onFinding?: (finding: Finding) => void;
  signal?: AbortSignal;
}

export declare function scanSourceFiles(files: SourceFile[], options?: ScanOptions): Promise<ScanResult>;
