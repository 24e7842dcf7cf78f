// Taint and pattern engine behaviour that rule files rely on, checked with a
// small rule set of its own (type FLOW_TEST) on JavaScript/TypeScript snippets.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { ruleFields } from '../helpers/test-rules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'scanner-flow-'));
after(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'flow.yaml'),
  `rules:
${ruleFields('flow.sink', '[javascript, typescript]', 'FLOW_TEST', 20)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^input\\(\\)$'
        - path: '^whole\\.body$'
          exact: true
      sinks:
        - callee: '^sink$'
        - assign: '\\[\\]$'
          computedKey: true
        - callee: '\\[\\]$'
          computedKey: true
        - node: return_statement
          inFunction: 'Html'
      sanitizers:
        - callee: '\\.replace$'
          where: [{ index: 0, value: '^/\\[\\^' }]
        - callee: '^compileIt\\(\\)$'
        - guard: '\\bincludes\\b|==='
${ruleFields('flow.direct', '[javascript, typescript]', 'FLOW_DIRECT', 20)}
    taint:
      onlyTheseSources: true
      direct: true
      sources:
        - path: '^input\\(\\)$'
      sinks:
        - callee: '^directSink$'
      sanitizers:
        - guard: '\\bstartsWith\\b'
          types: [FLOW_DIRECT]
${ruleFields('flow.pattern', '[javascript, typescript]', 'FLOW_PATTERN', 20)}
    pattern:
      query: '((call_expression function: (identifier) @f) @match (#eq? @f "weak"))'
      context: 'token'
      unlessAncestor: ['(if_statement condition: (_) @c (#match? @c "dev"))']
`,
);
writeFileSync(
  path.join(dir, 'backtracking.yaml'),
  `rules:
${ruleFields('flow.backtracking', '[javascript]', 'FLOW_BACKTRACKING', 1333)}
    pattern:
      query: '((call_expression function: (member_expression object: (regex) @literal)) @match (#backtracks? @literal))'
${ruleFields('flow.backtracking-variable', '[javascript]', 'FLOW_BACKTRACKING_TAINT', 1333)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^input\\(\\)$'
      sinks:
        - callee: '\\.test$'
          args: [0]
          where: [{ receiver: true, backtracks: true }]
`,
);
writeFileSync(
  path.join(dir, 'in-route.yaml'),
  `rules:
${ruleFields('flow.in-route', '[javascript]', 'FLOW_IN_ROUTE', 601)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^ctx\\.path$'
          clean: { types: [FLOW_IN_ROUTE], inRoute: '^/[a-z]' }
      sinks:
        - callee: '^ctx\\.redirect$'
${ruleFields('flow.in-route-router', '[javascript]', 'FLOW_IN_ROUTER', 601)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^ctx\\.path$'
          clean: { types: [FLOW_IN_ROUTER], inRoute: '^/[a-z]', routerFile: '\\b{router} = new Router\\(\\)' }
      sinks:
        - callee: '^ctx\\.redirect$'
`,
);
const rules = loadRuleSet([dir]);

async function linesOf(code: string, type = 'FLOW_TEST', file = 'a.ts'): Promise<number[]> {
  const { findings } = await scanSourceFiles([{ path: file, content: Buffer.from(code) }], { rules, jobs: 1 });
  return findings.filter((f) => f.type === type).map((f) => f.line).sort((a, b) => a - b);
}

test('a subscript read carries the object taint, not the key taint', async () => {
  const code = ['const TABLE = { a: 1 };', 'const o = input();', 'sink(TABLE[input()]);', 'sink(o[0]);'].join('\n');
  assert.deepEqual(await linesOf(code), [4]);
});

test('a ternary carries only its branches, and a guard in its condition cleans the vetted branch', async () => {
  const code = [
    'const a = input();',
    "const ok = ['x', 'y'].includes(a) ? a : 'x';",
    'sink(ok);',
    "const notOk = a ? a : 'x';",
    'sink(notOk);',
    "const flag = a === 'x' ? 1 : 2;",
    'sink(flag);',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [5]);
});

test('for-of binds the loop variable to the collection', async () => {
  assert.deepEqual(await linesOf('for (const k of Object.keys(input())) {\n  sink(k);\n}'), [2]);
});

test('a keyed lookup returns stored data, not the key', async () => {
  assert.deepEqual(await linesOf('const m = new Map();\nsink(m.get(input()));\nsink(input().trim());'), [3]);
});

test('checking where a URL points vets the URL; checking a field of a message does not vet the message', async () => {
  const code = [
    'const u = new URL(input());',
    "if (u.hostname === 'example.com') {",
    '  sink(u.href);',
    '}',
    'const msg = input();',
    "if (msg.type === 'render') {",
    '  sink(msg.html);',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [7]);
});

test('an exact source taints only the whole value', async () => {
  const code = ['sink(whole.body);', 'sink(whole.body.name);', 'const { name } = whole.body;', 'sink(name);', 'sink({ ...whole.body });'].join('\n');
  assert.deepEqual(await linesOf(code), [1, 5]);
});

test('computed-key sinks need an untrusted key (and value for assignments)', async () => {
  const code = ['const o = {};', 'const k = input();', 'o[k] = input();', 'o[k] = 1;', 'handlers[k]();', 'handlers.run(k);'].join('\n');
  assert.deepEqual(await linesOf(code), [3, 5]);
});

test('sanitizers can require argument shapes, and apply to calls of values other calls produced', async () => {
  const code = [
    "sink(input().replace(/[^a-z]/g, ''));",
    "sink(input().replace(/^Bearer /, ''));",
    'const render = compileIt();',
    'sink(render(input()));',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [2]);
});

test('return statements are sinks only in functions with the required decorator', async () => {
  const code = [
    'class C {',
    "  @Html('x')",
    '  a() {',
    '    return input();',
    '  }',
    '  b() {',
    '    return input();',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [4]);
});

test('a flow that enters a function of another file of the package is reported in that file', async () => {
  const controller = "import { run } from './service';\nexport function handle() {\n  return run(input());\n}\n";
  const service = 'export function run(q: string) {\n  // a comment\n  return sink(q);\n}\n';
  const { findings } = await scanSourceFiles(
    [
      { path: 'pkg/controller.ts', content: Buffer.from(controller) },
      { path: 'pkg/service.ts', content: Buffer.from(service) },
    ],
    { rules, jobs: 1 },
  );
  const hits = findings.filter((f) => f.type === 'FLOW_TEST').map((f) => `${f.file}:${f.line}`);
  assert.deepEqual(hits, ['pkg/service.ts:3']);
});

test('pattern rules honour context names and unlessAncestor', async () => {
  const code = [
    'const resetToken = weak();',
    'const jitter = weak();',
    'function makeToken() {',
    '  return weak();',
    '}',
    "if (env === 'dev') {",
    '  const devToken = weak();',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code, 'FLOW_PATTERN'), [1, 4]);
});

test('#backtracks? keeps regex literals a ReDoS analyser cannot prove unambiguous', async () => {
  const code = [
    '/^(a+)+$/.test(s);',
    '/^(\\w+\\s?)*$/i.test(s);',
    '/^[-+]\\d+[dmwy]([\\s,]+[-+]\\d+[dmwy])*$/.test(s);',
    '/^([\\w-]+\\/)+$/.test(s);',
    '/^[a-z]+$/.test(s);',
  ].join('\n');
  assert.deepEqual(await linesOf(code, 'FLOW_BACKTRACKING', 'a.js'), [1, 2]);
});

test('a backtracks condition judges the regex literal a variable was given', async () => {
  const code = [
    'const nested = /^(\\w+\\s?)*$/;',
    'const list = /^[-+]\\d+[dmwy]([\\s,]+[-+]\\d+[dmwy])*$/;',
    'const made = new RegExp("(a+)+$");',
    'nested.test(input());',
    'list.test(input());',
    'made.test(input());',
  ].join('\n');
  assert.deepEqual(await linesOf(code, 'FLOW_BACKTRACKING_TAINT', 'a.js'), [4]);
});

test('a source clean inRoute is clean only in a handler registered in place for literal paths that all match', async () => {
  const code = [
    "router.get('/share/:id', (ctx) => ctx.redirect(ctx.path));",
    "router.use(['/share/:id', '/s/:id'], (ctx) => ctx.redirect(ctx.path));",
    "router.use(['/share/:id', '/:id'], (ctx) => ctx.redirect(ctx.path));",
    "router.get('/:page', (ctx) => ctx.redirect(ctx.path));",
    'router.get(prefix, (ctx) => ctx.redirect(ctx.path));',
    'app.use((ctx) => ctx.redirect(ctx.path));',
    'export const handle = (ctx) => ctx.redirect(ctx.path);',
  ].join('\n');
  assert.deepEqual(await linesOf(code, 'FLOW_IN_ROUTE', 'a.js'), [3, 4, 5, 6, 7]);
});

test('with routerFile, the file must show how the router the handler is registered on was made', async () => {
  const code = [
    'const router = new Router();',
    'const $nested = parent.child();',
    "router.get('/share/:id', (ctx) => ctx.redirect(ctx.path));",
    "$nested.get('/share/:id', (ctx) => ctx.redirect(ctx.path));",
    "makeRouter().get('/share/:id', (ctx) => ctx.redirect(ctx.path));",
  ].join('\n');
  assert.deepEqual(await linesOf(code, 'FLOW_IN_ROUTER', 'a.js'), [4, 5]);
});

test('a constant start of a built string can clear a type (prefix sanitizers)', async () => {
  const prefixRules = path.join(dir, 'prefix');
  mkdirSync(prefixRules, { recursive: true });
  writeFileSync(
    path.join(prefixRules, 'prefix.yaml'),
    `rules:
${ruleFields('flow.prefix', '[javascript]', 'FLOW_PREFIX', 20)}
    taint:
      onlyTheseSources: true
      sources: [{ path: '^input\\(\\)$' }]
      sinks: [{ callee: '^go$' }]
      sanitizers: [{ prefix: '^/[a-z]', types: [FLOW_PREFIX] }]
`,
  );
  const withPrefix = loadRuleSet([prefixRules]);
  const code = ['go(`/users/${input()}`);', "go('/' + input());", "go('/a/' + input() + '/b');", 'go(`${input()}/users`);'].join('\n');
  const { findings } = await scanSourceFiles([{ path: 'p.js', content: Buffer.from(code) }], { rules: withPrefix, jobs: 1 });
  assert.deepEqual(findings.filter((f) => f.type === 'FLOW_PREFIX').map((f) => f.line), [2, 4]);
});

test('object literals keep each property’s taint; reading another property is clean', async () => {
  const code = [
    'const cfg = { text: "SELECT 1", values: [input()] };',
    'sink(cfg.text);',
    'sink(cfg.values);',
    'const other = { id: 1, ...{ name: input() } };',
    'sink(other.id);',
    'sink(JSON.stringify(cfg));',
    // A length is a number, whatever it measures.
    'sink(JSON.stringify(cfg).length);',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [3, 6]);
});

test('callbacks of element methods and promises receive the receiver’s data', async () => {
  const code = [
    'input().split(",").forEach((part) => sink(part));',
    'Promise.resolve(input()).then((v) => { sink(v); });',
    '[1, 2].forEach((n) => sink(n));',
    'input().list.reduce((acc, x) => sink(x), 0);',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [1, 2, 4]);
});

test('a field set from untrusted data in one method reaches the other methods of the class', async () => {
  const code = [
    'class Job {',
    '  load() {',
    '    this.target = input();',
    '    this.label = "job";',
    '  }',
    '  run() {',
    '    sink(this.target);',
    '    sink(this.label);',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [7]);
});

test('a flow into a sink in another directory is reported once, in the sink’s file, and the cache follows that file', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-xdir-'));
  try {
    const controller = (fn: string) =>
      `import { ${fn} } from '../services/repo';\nexport function handle() {\n  return ${fn}(input());\n}\n`;
    const repo = 'export function find(q: string) {\n  return sink(q);\n}\nexport function other(q: string) {\n  return q;\n}\n';
    const files = (repoText: string) => [
      { path: 'routes/a.ts', content: Buffer.from(controller('find')) },
      { path: 'routes/b.ts', content: Buffer.from(controller('find')) },
      { path: 'services/repo.ts', content: Buffer.from(repoText) },
    ];
    const cacheDir = path.join(root, 'cache');
    const first = await scanSourceFiles(files(repo), { rules, jobs: 1, cacheDir });
    assert.deepEqual(first.findings.filter((f) => f.type === 'FLOW_TEST').map((f) => `${f.file}:${f.line}`), ['services/repo.ts:2']);
    // The sink file changes (the flow is gone); the callers' cached results must not keep the old finding.
    const fixed = repo.replace('return sink(q);', 'return q;');
    const second = await scanSourceFiles(files(fixed), { rules, jobs: 1, cacheDir });
    assert.deepEqual(second.findings.filter((f) => f.type === 'FLOW_TEST'), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a positive check whose branch uses the value and leaves vets the branch, not the code after it', async () => {
  const code = [
    'function f() {',
    '  const a = input();',
    "  if (['x'].includes(a)) {",
    '    sink(a);',
    '    return;',
    '  }',
    '  sink(a);',
    '}',
    'function g(blocked) {',
    '  const b = input();',
    '  if (blocked.includes(b)) return;',
    '  sink(b);',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [7]);
});

test('a file matching neither the language hint nor a rule hint is not analysed; a rule without a hint keeps every file', async () => {
  const ruleDir = mkdtempSync(path.join(tmpdir(), 'scanner-hint-'));
  try {
    const ruleWith = (fileHint?: string) => `rules:
${ruleFields('hint.rng', '[javascript]', 'FLOW_HINT', 330)}
    taint:
${fileHint ? `      fileHint: '${fileHint}'\n` : ''}      onlyTheseSources: true
      sources:
        - path: '^makeRng\\(\\)$'
      sinks:
        - callee: '^sink$'
`;
    const code = 'const r = makeRng();\nsink(r);\n';
    const found = async (yaml: string) => {
      writeFileSync(path.join(ruleDir, 'hint.yaml'), yaml);
      const { findings } = await scanSourceFiles([{ path: 'lib.js', content: Buffer.from(code) }], { rules: loadRuleSet([ruleDir]), jobs: 1, cacheDir: null });
      return findings.filter((f) => f.type === 'FLOW_HINT').map((f) => f.line);
    };
    assert.deepEqual(await found(ruleWith('makeRng')), [2]);
    assert.deepEqual(await found(ruleWith('otherRng')), []);
    assert.deepEqual(await found(ruleWith()), [2]);
  } finally {
    rmSync(ruleDir, { recursive: true, force: true });
  }
});

test('a validator that throws on a failed check vets the argument after the call; one that only returns does not', async () => {
  const code = [
    "const KINDS = ['csv', 'json'];",
    'function assertKind(kind) {',
    '  if (!KINDS.includes(kind)) {',
    "    throw new Error('unknown kind');",
    '  }',
    '}',
    'function isKind(kind) {',
    '  if (!KINDS.includes(kind)) return false;',
    '  return true;',
    '}',
    'export function exportAs() {',
    '  const kind = input();',
    '  const other = input();',
    '  assertKind(kind);',
    '  isKind(other);',
    '  sink(kind);',
    '  sink(other);',
    '}',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [17]);
});

test('the data itself and a value derived from it stay apart where they meet: the cleaned data keeps what it was cleaned for', async () => {
  const code = [
    'const url = input();',
    'const json = summarize(input());',
    "if (url.startsWith('/')) directSink([url, json]);",
    'directSink(json);',
    'directSink(url);',
  ].join('\n');
  // Only the data itself counts for a `direct` rule: the derived JSON alone is no finding, and
  // beside the checked URL it must not turn the URL back into unchecked data.
  assert.deepEqual(await linesOf(code, 'FLOW_DIRECT'), [5]);
});

test('past the call depth limit, a function that returns only constants gives none of what went in', async () => {
  const code = [
    'function extension(type) {',
    '  switch (type) {',
    "    case 'image/png': return 'png';",
    "    case 'text/plain': return `txt`;",
    "    default: return '';",
    '  }',
    '}',
    'function lower(type) {',
    "  if (!type) return '';",
    '  return type.toLowerCase();',
    '}',
    'function d5(t) {',
    '  sink(extension(t));',
    '  sink(lower(t));',
    '}',
    'function d4(t) { d5(t); }',
    'function d3(t) { d4(t); }',
    'function d2(t) { d3(t); }',
    'function d1(t) { d2(t); }',
    'd1(input());',
  ].join('\n');
  assert.deepEqual(await linesOf(code), [14]);
});

test('a predicate the code defines checks its argument as the guard it returns does, whatever it is called', async () => {
  const code = [
    "const KINDS = ['csv', 'json'];",
    'function pick(kind) {',
    '  if (!kind) return false;',
    '  return KINDS.includes(kind);',
    '}',
    'const short = (kind) => KINDS.includes(kind);',
    'function loose(kind) {',
    '  if (KINDS.includes(kind)) return true;',
    '  return kind.length > 0;',
    '}',
    'function unlisted(kind) {',
    '  return !KINDS.includes(kind);',
    '}',
    'function listed(kind) {',
    '  const lower = kind.toLowerCase();',
    "  if (lower === 'csv') return true;",
    '  return KINDS.includes(lower);',
    '}',
    'export function exportAs() {',
    '  const a = input();',
    '  if (!pick(a)) return;',
    '  sink(a);',
    '  const b = input();',
    '  if (short(b)) sink(b);',
    '  const ok = pick(b);',
    '  if (ok) sink(b);',
    '  const c = input();',
    '  if (!loose(c)) return;',
    '  sink(c);',
    '  const d = input();',
    '  if (!unlisted(d)) sink(d);',
    '  const e = input();',
    '  if (listed(e)) sink(e);',
    '  const f = input();',
    '  if (!allowed(f)) return;',
    '  sink(f);',
    '}',
    'function allowed(name) {',
    "  if (name.includes('..')) return false;",
    '  if (KINDS.includes(name)) {',
    '    return true;',
    '  }',
    '  return false;',
    '}',
  ].join('\n');
  // `loose` passes anything non-empty (`return true` after the check, then another value); `unlisted`
  // returns the failed check (a deny-list): neither is a predicate of the allow-list. `listed` checks a
  // value computed from its parameter, answering `true` early inside a passed check. `allowed` answers
  // `true` only inside its passed check and `false` everywhere else.
  assert.deepEqual(await linesOf(code), [29, 31]);
});
