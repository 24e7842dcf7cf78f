// The development set of real vulnerable code (bench/real-apps/): its schema, and how
// findings are matched to its labels. Pure functions over data, so that
// bench/real-apps.ts (checkouts, scans, printing) and its test share one scoring.
//
// Matching: a finding matches a label when it is in the same file (path from the
// repository root), of the same type, and its line is within [line, endLine ?? line].
// No tolerance of a line either way: a call spread over several lines is labelled with
// an endLine covering it, so the labeller decides what counts, not a fuzz factor.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The types of the taxonomy (shared/spec/taxonomy.md) a label may name. */
export const TYPES = [
  'SQL_INJECTION', 'NOSQL_INJECTION', 'COMMAND_INJECTION', 'CODE_INJECTION', 'TEMPLATE_INJECTION', 'XSS',
  'PATH_TRAVERSAL', 'SSRF', 'OPEN_REDIRECT', 'XXE', 'INSECURE_DESERIALIZATION', 'LDAP_INJECTION',
  'XPATH_INJECTION', 'LOG_INJECTION', 'HEADER_INJECTION', 'PROTOTYPE_POLLUTION', 'REDOS',
  'TRUST_BOUNDARY_VIOLATION', 'UNSAFE_REFLECTION', 'MASS_ASSIGNMENT', 'HARDCODED_SECRET', 'WEAK_HASH',
  'WEAK_CRYPTO', 'WEAK_RANDOM', 'INSECURE_TLS', 'INSECURE_COOKIE', 'CORS_MISCONFIGURATION', 'CSRF',
  'JWT_MISCONFIGURATION', 'DEBUG_ENABLED', 'INSECURE_PERMISSIONS', 'UNSAFE_FILE_UPLOAD', 'VULNERABLE_DEPENDENCY',
] as const;

const Sha = z.string().regex(/^[0-9a-f]{40}$/, 'a full 40-hex commit');

export const App = z
  .object({
    name: z.string().regex(/^[\w.-]+$/),
    repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
    commit: Sha,
    languages: z.array(z.string()).min(1),
    kind: z.enum(['app', 'advisory']),
    what: z.string().min(1),
    paths: z.array(z.string().min(1)).optional(),
    fixedCommit: Sha.optional(),
    advisory: z.string().optional(),
  })
  .refine((a) => a.kind === 'app' || (a.fixedCommit && a.advisory), { message: 'an advisory needs fixedCommit and advisory' });
export type App = z.infer<typeof App>;

export const Label = z.object({
  file: z.string().min(1),
  line: z.number().int().positive(),
  endLine: z.number().int().positive().optional(),
  type: z.enum(TYPES),
  note: z.string().min(1),
}).refine((l) => l.endLine === undefined || l.endLine >= l.line, { message: 'endLine before line' });
export type Label = z.infer<typeof Label>;

export const Labels = z.object({ vulnerable: z.array(Label), safe: z.array(Label).default([]) });
export type Labels = z.infer<typeof Labels>;

export interface Finding {
  file: string;
  line: number;
  type: string;
  ruleId?: string;
  snippet?: string;
}

/** Every app of every `apps*.json` in `setDir` (apps.json, apps.part2.json, …), names unique. */
export function readApps(setDir: string): App[] {
  const files = readdirSync(setDir).filter((n) => /^apps.*\.json$/.test(n)).sort();
  const apps: App[] = [];
  for (const name of files) {
    const parsed = z.array(App).safeParse(JSON.parse(readFileSync(path.join(setDir, name), 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${name}: ${issue?.message} at ${issue?.path.join('.')}`);
    }
    apps.push(...parsed.data);
  }
  const seen = new Set<string>();
  for (const app of apps) {
    if (seen.has(app.name)) throw new Error(`app ${app.name} is listed twice`);
    seen.add(app.name);
  }
  return apps;
}

/** The labels of one app (`labels/<name>.json`); an app without a file has none yet. */
export function readLabels(setDir: string, app: string): Labels {
  const file = path.join(setDir, 'labels', `${app}.json`);
  if (!existsSync(file)) return { vulnerable: [], safe: [] };
  const parsed = Labels.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`labels/${app}.json: ${issue?.message} at ${issue?.path.join('.')}`);
  }
  return parsed.data;
}

const LANGUAGE_OF_EXTENSION: Record<string, string> = {
  java: 'java', jsp: 'java', cs: 'csharp', cshtml: 'csharp', aspx: 'csharp', go: 'go', php: 'php', phtml: 'php', inc: 'php',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript',
  py: 'python', rb: 'ruby', erb: 'ruby',
};

/** The language a file counts under: the app's only language, else its extension's, else the app's first. */
export function languageOf(app: App, file: string): string {
  if (app.languages.length === 1) return app.languages[0]!;
  const byExtension = LANGUAGE_OF_EXTENSION[path.extname(file).slice(1).toLowerCase()];
  return byExtension && app.languages.includes(byExtension) ? byExtension : app.languages[0]!;
}

export const matches = (label: Label, finding: Finding): boolean =>
  finding.file === label.file && finding.type === label.type && finding.line >= label.line && finding.line <= (label.endLine ?? label.line);

export interface AppResult {
  app: string;
  kind: App['kind'];
  found: Label[];
  missed: Label[];
  /** Safe labels with a finding of their type, and that finding. */
  safeHits: { label: Label; finding: Finding }[];
  safe: Label[];
  /** Advisory: findings in the fixed version, of a labelled vulnerable type, in a labelled file. */
  fixedHits: Finding[];
  /** Findings that match no label at all: to triage into labels. */
  unlabelled: Finding[];
}

const findingKey = (f: Finding) => `${f.file}:${f.line}:${f.type}`;
function distinct(findings: Finding[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const f of findings) if (!byKey.has(findingKey(f))) byKey.set(findingKey(f), f);
  return [...byKey.values()];
}

/**
 * Scores one app. `fixedFindings` are the findings on the advisory's fixed version (undefined
 * for an app). Findings are taken once per (file, line, type): two rules reporting the same
 * sink are one finding.
 */
export function scoreApp(app: App, labels: Labels, findings: Finding[], fixedFindings?: Finding[]): AppResult {
  const all = distinct(findings);
  const found = labels.vulnerable.filter((label) => all.some((f) => matches(label, f)));
  const missed = labels.vulnerable.filter((label) => !found.includes(label));
  const safeHits: AppResult['safeHits'] = [];
  for (const label of labels.safe) {
    const finding = all.find((f) => matches(label, f));
    if (finding) safeHits.push({ label, finding });
  }
  const labelled = [...labels.vulnerable, ...labels.safe];
  const unlabelled = all.filter((f) => !labelled.some((label) => matches(label, f)));
  const vulnerableFiles = new Set(labels.vulnerable.map((l) => `${l.file}:${l.type}`));
  const fixedHits = distinct(fixedFindings ?? []).filter((f) => vulnerableFiles.has(`${f.file}:${f.type}`));
  return { app: app.name, kind: app.kind, found, missed, safeHits, safe: labels.safe, fixedHits, unlabelled };
}

export interface Counts {
  apps: number;
  vulnerable: number;
  found: number;
  safe: number;
  safeHit: number;
  fixedFindings: number;
  unlabelled: number;
  /** found / vulnerable */
  recall: number | null;
  /** TP / (TP + FP), TP = labels found, FP = safe labels hit + fixed-version findings. */
  precision: number | null;
}

/** Per-language and overall counts; a label or finding counts under its file's language. */
export function summarise(apps: App[], results: AppResult[]): { byLanguage: Record<string, Counts>; overall: Counts } {
  const empty = (): Counts => ({ apps: 0, vulnerable: 0, found: 0, safe: 0, safeHit: 0, fixedFindings: 0, unlabelled: 0, recall: null, precision: null });
  const byLanguage: Record<string, Counts> = {};
  const overall = empty();
  const of = (language: string) => (byLanguage[language] ??= empty());
  for (const result of results) {
    const app = apps.find((a) => a.name === result.app)!;
    overall.apps++;
    for (const language of new Set(app.languages)) of(language).apps++;
    const add = (file: string, field: Exclude<keyof Counts, 'apps' | 'recall' | 'precision'>) => {
      of(languageOf(app, file))[field]++;
      overall[field]++;
    };
    for (const label of [...result.found, ...result.missed]) add(label.file, 'vulnerable');
    for (const label of result.found) add(label.file, 'found');
    for (const label of result.safe) add(label.file, 'safe');
    for (const { label } of result.safeHits) add(label.file, 'safeHit');
    for (const finding of result.fixedHits) add(finding.file, 'fixedFindings');
    for (const finding of result.unlabelled) add(finding.file, 'unlabelled');
  }
  for (const counts of [...Object.values(byLanguage), overall]) {
    counts.recall = counts.vulnerable === 0 ? null : counts.found / counts.vulnerable;
    const falsePositives = counts.safeHit + counts.fixedFindings;
    counts.precision = counts.found + falsePositives === 0 ? null : counts.found / (counts.found + falsePositives);
  }
  return { byLanguage, overall };
}
