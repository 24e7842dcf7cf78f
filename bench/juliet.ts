// Benchmark-style recall and precision on the NIST Juliet Java test suite (a public,
// self-labelling suite: in every test case the `bad*` methods hold the flaw and the
// `good*` methods are safe variants of the same code). Our own development measure in the
// manner of the OWASP Benchmark scorecard, on other code than the reserved Benchmark.
//
//   node --import tsx bench/juliet.ts --root DIR [--cwe 89,78] [--verbose] [--json FILE]
//
// --root     a checkout of github.com/find-sec-bugs/juliet-test-suite at the commit pinned
//            below (JULIET_COMMIT); another commit is refused
// --cwe      only these CWEs (numbers), e.g. --cwe 89,643
// --verbose  list every missed case and every good method with a finding
// --json     also write the figures, misses and false positives to FILE
//
// Selection: the web CWEs (78, 80, 81, 83, 89, 90, 23, 36, 113, 601, 643), only the test
// cases whose source is the servlet request (file names with getParameter_Servlet,
// getQueryString_Servlet or getCookies_Servlet), and every case of the weak-crypto CWEs that
// have no source (327, 328, 338, 614). All flow variants are kept: single files (_01 … _45)
// and the multi-file sets (_22a/b, _5x, _6x, _7x, _81) are one case each. The selected
// files and src/testcasesupport are copied into one temporary folder and scanned once with
// `bin/scanner.js scan --format json --include-tests` (~1 min for ~3,400 files).
//
// Scoring, per CWE: a case is detected when a finding of the CWE's type lies inside one of
// its bad* methods (the innermost method declaration around the finding's line; in an _81
// set, any method of the `_81_bad` file); true-positive rate = detected cases / cases. Each
// good variant of a case (goodG2B, goodG2B1, goodB2G2, good1 …; goodG2BSink/Source count as
// goodG2B) is one safe unit; false-positive rate = units with a finding of the type / units.
// Score = (TPR − FPR) × 100, the Youden index the OWASP Benchmark scorecard uses. The overall
// line sums the counts; "average score" is the mean of the per-CWE scores (the Benchmark's
// own summary). Findings of the type outside any bad/good method are counted as "elsewhere".
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failer, printUsage } from './lib/script.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The labelled version: the suite's master of 2018-01-26. */
const JULIET_COMMIT = 'b2c6df3733e2176fe7097e4784895c6891632b4c';

interface Category {
  cwe: number;
  dir: string;
  type: string;
  /** Only test cases whose source is the servlet request. */
  servletOnly: boolean;
  /** Only findings that name this CWE (the type also covers another one: CWE-1004, a cookie without HttpOnly). */
  cweOnly?: boolean;
}

const CATEGORIES: Category[] = [
  { cwe: 78, dir: 'CWE78_OS_Command_Injection', type: 'COMMAND_INJECTION', servletOnly: true },
  { cwe: 80, dir: 'CWE80_XSS', type: 'XSS', servletOnly: true },
  { cwe: 81, dir: 'CWE81_XSS_Error_Message', type: 'XSS', servletOnly: true },
  { cwe: 83, dir: 'CWE83_XSS_Attribute', type: 'XSS', servletOnly: true },
  { cwe: 89, dir: 'CWE89_SQL_Injection', type: 'SQL_INJECTION', servletOnly: true },
  { cwe: 90, dir: 'CWE90_LDAP_Injection', type: 'LDAP_INJECTION', servletOnly: true },
  { cwe: 23, dir: 'CWE23_Relative_Path_Traversal', type: 'PATH_TRAVERSAL', servletOnly: true },
  { cwe: 36, dir: 'CWE36_Absolute_Path_Traversal', type: 'PATH_TRAVERSAL', servletOnly: true },
  { cwe: 113, dir: 'CWE113_HTTP_Response_Splitting', type: 'HEADER_INJECTION', servletOnly: true },
  { cwe: 601, dir: 'CWE601_Open_Redirect', type: 'OPEN_REDIRECT', servletOnly: true },
  { cwe: 643, dir: 'CWE643_Xpath_Injection', type: 'XPATH_INJECTION', servletOnly: true },
  { cwe: 327, dir: 'CWE327_Use_Broken_Crypto', type: 'WEAK_CRYPTO', servletOnly: false },
  { cwe: 328, dir: 'CWE328_Reversible_One_Way_Hash', type: 'WEAK_HASH', servletOnly: false },
  { cwe: 338, dir: 'CWE338_Weak_PRNG', type: 'WEAK_RANDOM', servletOnly: false },
  { cwe: 614, dir: 'CWE614_Sensitive_Cookie_Without_Secure', type: 'INSECURE_COOKIE', servletOnly: false, cweOnly: true },
];
const SERVLET_SOURCE = /__(?:\w+_)?(?:getParameter|getQueryString|getCookies)_Servlet_/;
/** `<case>_<variant>[a-e]` or `<case>_81_<bad|base|goodG2B…>`: the case (family) and the part. */
const CASE_FILE = /^(.*_\d\d)(?:[a-z]|_(bad|base|good\w*))?\.java$/;

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    cwe: { type: 'string' },
    verbose: { type: 'boolean', short: 'v', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) printUsage(import.meta.url);
const fail: (message: string) => never = failer('juliet');

if (!values.root) fail('--root DIR (a checkout of find-sec-bugs/juliet-test-suite) is required');
const root = path.resolve(values.root);
const testcases = path.join(root, 'src', 'testcases');
if (!existsSync(testcases)) fail(`${testcases} does not exist`);
const head = spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
if (head !== JULIET_COMMIT) fail(`${root} is at ${head || '(not a git checkout)'}, the labels are for ${JULIET_COMMIT}`);

let categories = CATEGORIES;
if (values.cwe) {
  const wanted = new Set(values.cwe.split(',').map((c) => Number(c.replace(/^cwe-?/i, ''))));
  categories = CATEGORIES.filter((c) => wanted.has(c.cwe));
  if (categories.length === 0) fail(`--cwe ${values.cwe}: none of ${CATEGORIES.map((c) => c.cwe).join(', ')}`);
}

function javaFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...javaFiles(full));
    else if (CASE_FILE.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Per selected file: its category, case and how its methods count. */
interface CaseFile {
  category: Category;
  caseName: string;
  /** `bad` or a good unit when the whole file is one (an _81 part), else undefined. */
  fileUnit?: string;
  rel: string;
}

const selected: CaseFile[] = [];
for (const category of categories) {
  for (const file of javaFiles(path.join(testcases, category.dir))) {
    const name = path.basename(file);
    if (category.servletOnly && !SERVLET_SOURCE.test(name)) continue;
    const m = CASE_FILE.exec(name)!;
    const part = m[2];
    const fileUnit = part === undefined || part === 'base' ? undefined : part === 'bad' ? 'bad' : part;
    selected.push({ category, caseName: m[1], fileUnit, rel: path.relative(testcases, file) });
  }
}

// One scan of the selection with the suite's support classes beside it.
const work = mkdtempSync(path.join(tmpdir(), 'juliet-'));
const scanDir = path.join(work, 'src');
for (const f of selected) cpSync(path.join(testcases, f.rel), path.join(scanDir, 'testcases', f.rel));
cpSync(path.join(root, 'src', 'testcasesupport'), path.join(scanDir, 'testcasesupport'), { recursive: true });
const started = Date.now();
const scan = spawnSync(process.execPath, [path.join(REPO, 'bin', 'scanner.js'), 'scan', scanDir, '--format', 'json', '--include-tests', '--no-cache', '--fail-on', 'critical'], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
});
const scanSeconds = (Date.now() - started) / 1000;
if (scan.status !== 0 && scan.status !== 1) fail(`scan failed (exit ${scan.status}): ${scan.stderr.slice(0, 2000)}`);
interface Finding { type: string; cwe: number[]; file: string; line: number; ruleId: string }
const findings = (JSON.parse(scan.stdout) as { findings: Finding[] }).findings;

interface Method { name: string; start: number; end: number }

/** Blanks comments, string and character literals (keeping newlines) so braces and parentheses can be counted. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (s) => s.replace(/[^\n]/g, ' '));
}

const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'new', 'try', 'else', 'do']);

/** Method declarations with their first and last lines: a name, a parameter list and a body. */
function methods(text: string): Method[] {
  const code = codeOnly(text);
  const lineAt: number[] = [];
  let line = 1;
  for (let i = 0; i < code.length; i++) {
    lineAt.push(line);
    if (code[i] === '\n') line++;
  }
  const out: Method[] = [];
  const header = /\b([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:throws\s+[\w.\s,]+)?\{/g;
  for (let m = header.exec(code); m; m = header.exec(code)) {
    if (NOT_METHODS.has(m[1])) continue;
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < code.length; i++) {
      if (code[i] === '{') depth++;
      else if (code[i] === '}' && --depth === 0) break;
    }
    out.push({ name: m[1], start: lineAt[m.index], end: lineAt[Math.min(i, code.length - 1)] });
  }
  return out;
}

/** goodG2BSink, goodG2B_source → goodG2B; the good() dispatcher and other names → undefined. */
function unitOf(name: string): string | undefined {
  const base = name.replace(/_?(?:Sink|Source|sink|source)$/, '');
  if (base === 'bad') return 'bad';
  if (/^good\w+$/.test(base)) return base;
  return undefined;
}

interface CaseState { category: Category; bad: boolean; badFound: string[]; goods: Map<string, string[]> }
const cases = new Map<string, CaseState>();
const byRel = new Map<string, { file: CaseFile; methods: Method[] }>();
for (const f of selected) {
  const key = `${f.category.cwe}:${f.caseName}`;
  let state = cases.get(key);
  if (!state) cases.set(key, (state = { category: f.category, bad: false, badFound: [], goods: new Map() }));
  const ms = methods(readFileSync(path.join(testcases, f.rel), 'utf8'));
  byRel.set(f.rel, { file: f, methods: ms });
  const units = f.fileUnit ? [f.fileUnit] : ms.map((m) => unitOf(m.name)).filter((u): u is string => u !== undefined);
  for (const u of units) {
    if (u === 'bad') state.bad = true;
    else if (!state.goods.has(u)) state.goods.set(u, []);
  }
}

const elsewhere = new Map<number, string[]>();
for (const finding of findings) {
  const rel = path.relative(path.join(scanDir, 'testcases'), path.resolve(scanDir, finding.file));
  const entry = byRel.get(rel);
  if (!entry || finding.type !== entry.file.category.type) continue;
  if (entry.file.category.cweOnly && !finding.cwe.includes(entry.file.category.cwe)) continue;
  const { file, methods: ms } = entry;
  const where = `${rel}:${finding.line} ${finding.ruleId}`;
  const around = ms.filter((m) => m.start <= finding.line && finding.line <= m.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
  const unit = file.fileUnit ?? (around ? unitOf(around.name) : undefined);
  const state = cases.get(`${file.category.cwe}:${file.caseName}`)!;
  if (unit === 'bad') state.badFound.push(where);
  else if (unit && state.goods.has(unit)) state.goods.get(unit)!.push(where);
  else elsewhere.set(file.category.cwe, [...(elsewhere.get(file.category.cwe) ?? []), where]);
}

interface Row { cwe: string; type: string; files: number; cases: number; tp: number; goods: number; fp: number; elsewhere: number }
const rows: Row[] = [];
const misses: string[] = [];
const falsePositives: string[] = [];
for (const category of categories) {
  const mine = [...cases.entries()].filter(([, s]) => s.category === category);
  const row: Row = { cwe: `CWE-${category.cwe}`, type: category.type, files: selected.filter((f) => f.category === category).length, cases: 0, tp: 0, goods: 0, fp: 0, elsewhere: elsewhere.get(category.cwe)?.length ?? 0 };
  for (const [key, state] of mine) {
    const name = key.slice(key.indexOf(':') + 1);
    if (state.bad) {
      row.cases++;
      if (state.badFound.length > 0) row.tp++;
      else misses.push(`CWE-${category.cwe} ${name}`);
    }
    for (const [unit, hits] of state.goods) {
      row.goods++;
      if (hits.length > 0) {
        row.fp++;
        falsePositives.push(`CWE-${category.cwe} ${name} ${unit}: ${hits.join(', ')}`);
      }
    }
  }
  rows.push(row);
}

const pct = (n: number, d: number): number => (d === 0 ? 0 : (100 * n) / d);
const fmt = (n: number): string => n.toFixed(1);
const score = (r: Row): number => pct(r.tp, r.cases) - pct(r.fp, r.goods);
const total: Row = rows.reduce(
  (t, r) => ({ ...t, files: t.files + r.files, cases: t.cases + r.cases, tp: t.tp + r.tp, goods: t.goods + r.goods, fp: t.fp + r.fp, elsewhere: t.elsewhere + r.elsewhere }),
  { cwe: '**all**', type: '', files: 0, cases: 0, tp: 0, goods: 0, fp: 0, elsewhere: 0 },
);
const lines = [
  `Juliet ${JULIET_COMMIT.slice(0, 12)}: ${selected.length} files, ${findings.length} findings, scan ${scanSeconds.toFixed(0)} s`,
  '',
  '| CWE | type | files | bad cases | detected | TPR | good units | flagged | FPR | score | elsewhere |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...[...rows, total].map((r) => `| ${r.cwe} | ${r.type} | ${r.files} | ${r.cases} | ${r.tp} | ${fmt(pct(r.tp, r.cases))}% | ${r.goods} | ${r.fp} | ${fmt(pct(r.fp, r.goods))}% | ${fmt(score(r))} | ${r.elsewhere} |`),
  '',
  `average score over ${rows.length} CWEs: ${fmt(rows.reduce((s, r) => s + score(r), 0) / rows.length)}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (values.verbose) {
  process.stdout.write(`\nmissed (${misses.length}):\n${misses.map((m) => `  ${m}`).join('\n')}\n`);
  process.stdout.write(`\nfalse positives (${falsePositives.length}):\n${falsePositives.map((m) => `  ${m}`).join('\n')}\n`);
  const other = [...elsewhere.entries()].flatMap(([cwe, ws]) => ws.map((w) => `  CWE-${cwe} ${w}`));
  process.stdout.write(`\nelsewhere (${other.length}):\n${other.join('\n')}\n`);
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ commit: JULIET_COMMIT, rows, misses, falsePositives, elsewhere: Object.fromEntries(elsewhere) }, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });
