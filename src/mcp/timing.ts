// Spec section 8: first poll after 5 s, then 5–30 s with exponential backoff,
// never continuous polling.
export const FIRST_POLL_MS = 5_000;
export const MAX_POLL_MS = 30_000;

/**
 * `notReadyAnswers` = how many times status already said "not ready" for this scan;
 * `remainingEtaMs` = what the estimate says is left. Sooner than the backoff only
 * while the estimate says the scan is about to finish; a scan past its estimate
 * gets the plain backoff (the estimate was wrong, so it tells nothing).
 */
export function pollAfterMs(notReadyAnswers: number, remainingEtaMs?: number): number {
  const backoff = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.max(0, notReadyAnswers));
  if (remainingEtaMs === undefined || remainingEtaMs <= 0 || remainingEtaMs >= backoff) return backoff;
  return Math.max(FIRST_POLL_MS, Math.round(remainingEtaMs));
}

// Throughput figures behind the estimates. The engine parses ≈5–10 MB/s per
// core (DESIGN.md) and the history secret pass reads ≈100 MB/s; startup costs
// (worker threads, rule loading) dominate small scans.
const ANALYSIS_BYTES_PER_MS = 4_000; // ≈4 MB/s, conservative across both cores
const HISTORY_BYTES_PER_MS = 50_000;
const STARTUP_MS = 400;

export function estimateScanMs(bytes: number, historyBytes = 0): number {
  return Math.round(STARTUP_MS + bytes / ANALYSIS_BYTES_PER_MS + historyBytes / HISTORY_BYTES_PER_MS);
}
