// Reads the labelled corpus as its README asks a scorer to ("How a scorer should treat
// it"): the annotations of its language folders, and findings from SARIF as
// corpus-relative (file, line, type). Scoring itself is src/engine/rules/annotations.ts,
// with the corpus's unlabelled types left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnnotations, type Annotation, type ScoredFinding } from '../../src/engine/rules/annotations.ts';

/** Types the corpus does not label: left out of its scores (`score(…, { ignoredTypes: UNLABELLED_TYPES })`). */
export const UNLABELLED_TYPES: ReadonlySet<string> = new Set(['VULNERABLE_DEPENDENCY']);
const CORPUS_TOOLING = new Set(['README.md', 'count.mjs']);

/** Every annotation in the corpus folders given (all top-level folders when none). */
export function readAnnotations(corpusRoot: string, languages?: string[]): Annotation[] {
  const annotations: Annotation[] = [];
  const folders = languages ?? corpusLanguages(corpusRoot);
  for (const language of folders) {
    for (const absolute of walk(path.join(corpusRoot, language))) {
      const file = path.relative(corpusRoot, absolute).split(path.sep).join('/');
      const text = readFileSync(absolute, 'utf8');
      if (text.includes('\u0000')) continue;
      annotations.push(...parseAnnotations(file, text));
    }
  }
  return annotations;
}

export function corpusLanguages(corpusRoot: string): string[] {
  return readdirSync(corpusRoot)
    .filter((name) => !CORPUS_TOOLING.has(name) && statSync(path.join(corpusRoot, name)).isDirectory())
    .sort();
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const info = statSync(full);
    if (info.isDirectory()) walk(full, out);
    else if (info.isFile()) out.push(full);
  }
  return out;
}

/**
 * Findings of a SARIF log as corpus-relative (file, line, type). Works for any
 * SARIF our tool writes: the type is `properties.type` of the result, else of
 * its rule; a location is resolved through `originalUriBaseIds` when it has a
 * base, else against `fallbackBase` (the folder that was scanned).
 */
export function findingsFromSarif(log: unknown, corpusRoot: string, fallbackBase: string): ScoredFinding[] {
  const findings: ScoredFinding[] = [];
  const runs = (log as { runs?: unknown[] }).runs ?? [];
  for (const run of runs as any[]) {
    const bases: Record<string, string> = {};
    for (const [id, base] of Object.entries<any>(run.originalUriBaseIds ?? {})) {
      if (typeof base?.uri === 'string' && base.uri.startsWith('file:')) bases[id] = fileURLToPath(base.uri);
    }
    const rules: any[] = run.tool?.driver?.rules ?? [];
    for (const result of (run.results ?? []) as any[]) {
      const rule = typeof result.ruleIndex === 'number' ? rules[result.ruleIndex] : rules.find((r) => r.id === result.ruleId);
      const type: unknown = result.properties?.type ?? rule?.properties?.type;
      const physical = result.locations?.[0]?.physicalLocation;
      const uri: unknown = physical?.artifactLocation?.uri;
      const line: unknown = physical?.region?.startLine;
      if (typeof type !== 'string' || typeof uri !== 'string' || typeof line !== 'number') continue;
      let absolute: string;
      if (uri.startsWith('file:')) absolute = fileURLToPath(uri);
      else {
        const base = bases[physical.artifactLocation.uriBaseId] ?? fallbackBase;
        absolute = path.resolve(base, decodeURIComponent(uri));
      }
      const file = path.relative(corpusRoot, absolute).split(path.sep).join('/');
      findings.push({ file, line, type, ruleId: typeof result.ruleId === 'string' ? result.ruleId : undefined });
    }
  }
  return findings;
}
