// Built-in rule files, parsed and validated once at build time. Reading ~100 YAML
// files through the YAML parser and the zod schemas costs ~0.2 s at every start
// (and again in every worker thread); the snapshot (dist/rules-snapshot.json,
// written by `npm run build`) holds the validated data keyed by the hash of
// each file's text, so an edited or extra rule file is simply parsed as before.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** Compiled, the module is JavaScript beside this one; from the sources, TypeScript (tsx loads it). */
const VALIDATE_MODULE = import.meta.url.endsWith('.ts') ? './validate.ts' : './validate.js';
let validation: typeof import('./validate.ts') | undefined;

/**
 * The YAML parser and schemas, loaded (synchronously: rule sets load synchronously)
 * the first time a rule file is not in the snapshot.
 */
export function ruleValidation(): typeof import('./validate.ts') {
  validation ??= require(VALIDATE_MODULE) as typeof import('./validate.ts');
  return validation;
}

/** Beside the compiled engine; absent when running from the TypeScript sources. */
const SNAPSHOT_FILE = fileURLToPath(new URL('../../rules-snapshot.json', import.meta.url));

let snapshot: Map<string, unknown> | undefined;
let recording: Map<string, unknown> | undefined;

function loadSnapshot(): Map<string, unknown> {
  if (!snapshot) {
    try {
      snapshot = new Map(Object.entries(JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Record<string, unknown>));
    } catch {
      snapshot = new Map();
    }
  }
  return snapshot;
}

/**
 * The validated data of a rule file: from the snapshot when its text is unchanged,
 * otherwise from `parseAndValidate` (which throws a clear error for a bad file).
 */
export function validatedRuleData<T>(text: string, parseAndValidate: (text: string) => T): T {
  const key = createHash('sha256').update(text).digest('base64url');
  const known = loadSnapshot().get(key);
  if (known !== undefined && !recording) return known as T;
  const data = parseAndValidate(text);
  recording?.set(key, data);
  return data;
}

/** Parses every built-in rule file through `load` and writes the snapshot. */
export function writeSnapshot(load: () => void): number {
  recording = new Map();
  try {
    load();
    writeFileSync(SNAPSHOT_FILE, JSON.stringify(Object.fromEntries(recording)));
    return recording.size;
  } finally {
    recording = undefined;
  }
}
