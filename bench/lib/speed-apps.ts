// The web-application speed set (bench/speed-apps.json): its schema, which files each
// compared tool is given, and the ratios printed. Pure functions over data, shared by
// bench/speed-apps.ts (checkouts, runs, printing) and its test.
import { z } from 'zod';

export const SpeedApp = z.object({
  name: z.string().regex(/^[\w.-]+$/),
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'a full 40-hex commit'),
  /** The languages of its server code and templates, for the docs. */
  languages: z.array(z.string()).min(1),
  what: z.string().min(1),
  /** JavaScript/TypeScript code that a team would lint: the ESLint security set is timed on it. */
  eslint: z.boolean(),
});
export type SpeedApp = z.infer<typeof SpeedApp>;

export function parseSpeedApps(json: unknown): SpeedApp[] {
  const apps = z.array(SpeedApp).min(1).parse(json);
  const names = new Set<string>();
  for (const app of apps) {
    if (names.has(app.name)) throw new Error(`app ${app.name} is listed twice`);
    names.add(app.name);
  }
  return apps;
}

/** What ESLint's config (bench/eslint-security.config.js) lints. */
export const ESLINT_FILES = /\.(js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
/** The languages of bench/ast-grep-rules/ (ast-grep parses only files of a rule's language). */
export const AST_GREP_FILES = /\.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx|java|go)$/;

/**
 * The files a compared tool is given: the checkout's tracked files of its languages, minus
 * what the scanner skipped (minified, vendored and generated files, bundles above its size
 * limit, `.scannerignore`), so that every tool reads the same code. Declaration files
 * (`.d.ts`) hold no code to lint; the scanner reads them for secrets only, so they are
 * left out of the others' share too.
 */
export function filesFor(tracked: string[], skipped: Iterable<string>, accept: RegExp): string[] {
  const skip = new Set(skipped);
  return tracked.filter((file) => accept.test(file) && !/\.d\.[cm]?ts$/.test(file) && !skip.has(file)).sort();
}

export interface ToolTime {
  seconds: number;
  /** User plus system time of the process and its threads. */
  cpuSeconds?: number;
  peakMiB?: number;
}

export interface AppRow {
  app: string;
  commit: string;
  /** Lines the scanner reports having scanned (code, templates and the text files it reads for secrets). */
  scannerLines: number;
  /** Lines of the code files given to ast-grep (the languages of its rules). */
  codeLines: number;
  scanner: ToolTime & { reportedMs: number; findings: number };
  astGrep?: ToolTime & { files: number; matches: number };
  eslint?: ToolTime & { files: number; lines: number; messages: number };
  /** One-minute load average before each repeat of the app. */
  load: number[];
}

export interface Ratios {
  /** Scanner wall time over ast-grep's (target: at most 3). */
  versusAstGrep?: number;
  /** ESLint's wall time over the scanner's (target: at least 5). */
  eslintOverScanner?: number;
  /** The same two of CPU time: the work each tool does, which other jobs on the machine disturb less. */
  cpuVersusAstGrep?: number;
  cpuEslintOverScanner?: number;
  /** Whether the wall-time ratios meet the targets (undefined: nothing to compare with). */
  meetsTargets: boolean | undefined;
}

export const TARGETS = { maxVersusAstGrep: 3, minEslintOverScanner: 5 } as const;

const over = (a?: number, b?: number) => (a !== undefined && b ? a / b : undefined);

export function ratios(row: AppRow): Ratios {
  const versusAstGrep = row.astGrep ? row.scanner.seconds / row.astGrep.seconds : undefined;
  const eslintOverScanner = row.eslint ? row.eslint.seconds / row.scanner.seconds : undefined;
  const cpuVersusAstGrep = over(row.scanner.cpuSeconds, row.astGrep?.cpuSeconds);
  const cpuEslintOverScanner = over(row.eslint?.cpuSeconds, row.scanner.cpuSeconds);
  const checks = [
    versusAstGrep === undefined ? undefined : versusAstGrep <= TARGETS.maxVersusAstGrep,
    eslintOverScanner === undefined ? undefined : eslintOverScanner >= TARGETS.minEslintOverScanner,
  ].filter((c): c is boolean => c !== undefined);
  return { versusAstGrep, eslintOverScanner, cpuVersusAstGrep, cpuEslintOverScanner, meetsTargets: checks.length ? checks.every(Boolean) : undefined };
}

/** Counts lines as the scanner does: a file's newlines, plus one when its last line has none. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines : lines + 1;
}

/** The Markdown table of bench/speed-apps.ts: wall time, then CPU time after a slash. */
export function table(rows: AppRow[], jobs: number): string[] {
  const n = (x: number | undefined, digits = 1) => (x === undefined ? '?' : x.toFixed(digits));
  const mib = (x?: number) => (x === undefined ? 'n/a' : `${n(x, 0)} MiB`);
  const times = (t: ToolTime, digits = 1) => `${n(t.seconds, digits)} / ${n(t.cpuSeconds, digits)} s`;
  const both = (wall?: number, cpu?: number) => (wall === undefined ? '—' : `${n(wall)}× / ${n(cpu)}×`);
  const out = [
    `| app | commit | code lines (scanned) | scanner: wall / CPU | peak memory | ast-grep: wall / CPU | scanner ÷ ast-grep (target ≤ ${TARGETS.maxVersusAstGrep}) | ESLint, ${jobs} threads: wall / CPU (files) | ESLint ÷ scanner (target ≥ ${TARGETS.minEslintOverScanner}) | load |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const r = ratios(row);
    out.push(
      `| ${row.app} | ${row.commit.slice(0, 10)} | ${row.codeLines} (${row.scannerLines}) | ${times(row.scanner)} | ${mib(row.scanner.peakMiB)} | ` +
        `${row.astGrep ? times(row.astGrep, 2) : '—'} | ${both(r.versusAstGrep, r.cpuVersusAstGrep)} | ` +
        `${row.eslint ? `${times(row.eslint)} (${row.eslint.files})` : '—'} | ${both(r.eslintOverScanner, r.cpuEslintOverScanner)} | ` +
        `${row.load.map((l) => n(l)).join(', ')} |`,
    );
  }
  return out;
}
