// `--baseline FILE`: a previous report (our JSON, our SARIF, or a service job
// answer) whose findings are accepted and not reported again. Findings are
// matched on the stable fingerprint (rule + file + normalised code), so a
// finding that moved lines is still recognised; the `vuln_…` id is derived from
// it and is accepted too.
import { readFile } from 'node:fs/promises';
import type { ScanResult } from '../engine/types.ts';
import { countBySeverity } from './common.ts';
import { FINGERPRINT_KEY } from './sarif.ts';

export class BaselineError extends Error {}

export interface Baseline {
  fingerprints: Set<string>;
  ids: Set<string>;
  format: 'sarif' | 'json';
}

export async function readBaseline(path: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new BaselineError(`cannot read baseline ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`baseline ${path} is not JSON: ${(error as Error).message}`);
  }
  const baseline = parseBaseline(document);
  if (!baseline) {
    throw new BaselineError(`baseline ${path} is neither a SARIF log nor a JSON report of this tool (expected "runs" or "findings")`);
  }
  return baseline;
}

/** Null when the document has neither shape. */
export function parseBaseline(document: unknown): Baseline | null {
  const fingerprints = new Set<string>();
  const ids = new Set<string>();
  const root = asRecord(document);
  if (root && Array.isArray(root.runs)) {
    for (const run of root.runs) {
      for (const result of asArray(asRecord(run)?.results)) {
        const record = asRecord(result);
        const fingerprint = asRecord(record?.partialFingerprints)?.[FINGERPRINT_KEY] ?? asRecord(record?.fingerprints)?.[FINGERPRINT_KEY];
        if (typeof fingerprint === 'string') fingerprints.add(fingerprint);
        const id = asRecord(record?.properties)?.id;
        if (typeof id === 'string') ids.add(id);
      }
    }
    return { fingerprints, ids, format: 'sarif' };
  }
  // Our JSON report has `findings`; a service job answer has `data.findings`; a bare array is accepted too.
  const findings = Array.isArray(document)
    ? document
    : Array.isArray(root?.findings)
      ? root.findings
      : asRecord(root?.data) && Array.isArray(asRecord(root?.data)?.findings)
        ? (asRecord(root?.data)?.findings as unknown[])
        : null;
  if (!findings) return null;
  for (const finding of findings) {
    const record = asRecord(finding);
    if (typeof record?.fingerprint === 'string') fingerprints.add(record.fingerprint);
    if (typeof record?.id === 'string') ids.add(record.id);
  }
  return { fingerprints, ids, format: 'json' };
}

/** The result without the baseline's findings; they are counted as suppressed. */
export function applyBaseline(result: ScanResult, baseline: Baseline): ScanResult {
  const findings = result.findings.filter((f) => !baseline.fingerprints.has(f.fingerprint) && !baseline.ids.has(f.id));
  const dropped = result.findings.length - findings.length;
  return {
    findings,
    summary: { ...result.summary, suppressed: result.summary.suppressed + dropped, findingsBySeverity: countBySeverity(findings) },
  };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
