// A file is taint-analysed on its own only when a source hint (`request`, `http.Request`,
// `@RequestParam`…) appears in its code: mentions in comments and plain strings, as in
// library code that documents "the request", do not count. Of its top-level statements,
// those holding the hint and those linked to them by name are walked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/engine/analyze.ts';
import { loadRuleSet } from '../../src/engine/rules/load.ts';
import { scanSourceFiles } from '../../src/engine/index.ts';

const analyzer = Analyzer.create(loadRuleSet());

async function holdsSourceInCode(file: string, code: string): Promise<boolean> {
  const files = new Map([[file, { path: file, text: code }]]);
  await analyzer.prepare(files);
  const parsed = analyzer.project(files).parsed(file);
  assert.ok(parsed, `${file} parses`);
  const taint = analyzer.languageRules(parsed.syntax)!.taint;
  assert.ok(taint.holdsSource(code), 'the hint matches the text somewhere');
  return taint.statementsToWalk(parsed.tree, code).tops?.length !== 0;
}

test('Python: "request" in docstrings, comments and strings is not a source; in code and f-string fields it is', async () => {
  const prose = ['"""Send the request and wait for the reply."""', '# retry the request once', 'def send(sock):', '    sock.send(b"request")', '    return "request"', ''].join('\n');
  assert.equal(await holdsSourceInCode('client.py', prose), false);
  assert.equal(await holdsSourceInCode('view.py', 'from flask import request\ndef view():\n    return request.args["q"]\n'), true);
  assert.equal(await holdsSourceInCode('fmt.py', 'def view():\n    return f"{request.args}"\n'), true);
});

test('positions count in characters: text before the hint outside ASCII does not shift it', async () => {
  const wide = '# 日本語のコメント — ünïcödé ✓✓✓\n';
  assert.equal(await holdsSourceInCode('wide.py', `${wide}label = "日本語"\nx = request.args\n`), true);
  assert.equal(await holdsSourceInCode('wide2.py', `${wide}label = "日本語日本語 request"\nx = 1\n`), false);
});

test('JavaScript: comments, strings and template text do not count; template substitutions do', async () => {
  assert.equal(await holdsSourceInCode('a.js', "// parse the request\nconst kind = 'request';\nconst t = `a request of ${kind}`;\n"), false);
  assert.equal(await holdsSourceInCode('b.js', 'const t = `id ${req.query.id}`;\n'), true);
});

test('Java and Go: Javadoc and comments do not count; parameter types do', async () => {
  assert.equal(await holdsSourceInCode('A.java', '/** Handles a Request. */\nclass A { int n() { return 1; } }\n'), false);
  assert.equal(await holdsSourceInCode('B.java', 'class B { String q(HttpServletRequest r) { return r.getParameter("q"); } }\n'), true);
  assert.equal(await holdsSourceInCode('a.go', 'package a\n\n// Like http.Request but smaller.\nfunc f() {}\n'), false);
  assert.equal(await holdsSourceInCode('b.go', 'package b\n\nimport "net/http"\n\nfunc h(w http.ResponseWriter, r *http.Request) {}\n'), true);
});

/** The first lines of the top-level statements the taint analysis walks in `code`. */
async function walked(file: string, code: string): Promise<string[]> {
  const files = new Map([[file, { path: file, text: code }]]);
  await analyzer.prepare(files);
  const parsed = analyzer.project(files).parsed(file)!;
  const syntax = parsed.syntax;
  const { tops } = analyzer.languageRules(syntax)!.taint.statementsToWalk(parsed.tree, code);
  assert.ok(tops, 'some statements, not all');
  return tops.map((n) => n.text.split('\n')[0]!);
}

test('Python: the function reading the request, its callers and the module set-up they use are walked; unrelated code is not', async () => {
  const code = [
    'import os',
    'from flask import request',
    'from jinja2 import Template',
    'page = Template("<p>{{ q }}</p>")',
    'counter = 0',
    'def query():',
    '    return request.args["q"]',
    'def run():',
    '    os.system("grep " + query())',
    'def render():',
    '    return page.render(q=query())',
    'def unrelated(x):',
    '    return x * 2',
    'def uses_counter():',
    '    return counter + 1',
    '',
  ].join('\n');
  // Imports are set-up too (`os` is used by `run`).
  assert.deepEqual(await walked('app.py', code), [
    'import os',
    'from flask import request',
    'from jinja2 import Template',
    'page = Template("<p>{{ q }}</p>")',
    'def query():',
    'def run():',
    'def render():',
  ]);
});

test('Go: a handler, the other methods of its type and the templates declared in a var block are walked', async () => {
  const code = [
    'package web',
    '',
    'import (',
    '\t"net/http"',
    '\t"text/template"',
    ')',
    '',
    'var (',
    '\tgreeting = template.Must(template.New("g").Parse("{{.}}"))',
    '\tunused   = 3',
    ')',
    '',
    'type Server struct{ last string }',
    '',
    'func (s *Server) Greet(w http.ResponseWriter, r *http.Request) {',
    '\ts.last = r.URL.Query().Get("name")',
    '\tgreeting.Execute(w, s.last)',
    '}',
    '',
    'func (s *Server) Echo(w http.ResponseWriter) { w.Write([]byte(s.last)) }',
    '',
    'func helper(n int) int { return n + 1 }',
    '',
  ].join('\n');
  assert.deepEqual(await walked('web.go', code), [
    'var (',
    'type Server struct{ last string }',
    'func (s *Server) Greet(w http.ResponseWriter, r *http.Request) {',
    'func (s *Server) Echo(w http.ResponseWriter) { w.Write([]byte(s.last)) }',
  ]);
});

test('a flow through a same-file helper that reads the request is still found from its caller', async () => {
  const code = ['import os', 'from flask import request', 'def query():', '    return request.args["q"]', 'def other():', '    return 1', 'def run():', '    os.system("grep " + query())', ''].join('\n');
  const result = await scanSourceFiles([{ path: 'app.py', content: Buffer.from(code) }], { jobs: 1, cacheDir: null });
  assert.deepEqual(
    result.findings.filter((f) => f.type === 'COMMAND_INJECTION').map((f) => f.line),
    [8],
  );
});

test('a module-level variable that the statement reading the request assigns links the statements that read it', async () => {
  const cases: [string, string, number][] = [
    ['app.js', ["const { exec } = require('child_process');", 'let current;', 'function remember(req) {', '  current = req.query.q;', '}', 'function run() {', '  exec("grep " + current);', '}', ''].join('\n'), 7],
    ['app.py', ['import os', 'from flask import request', 'current = None', 'def remember():', '    global current', '    current = request.args["q"]', 'def run():', '    os.system("grep " + current)', ''].join('\n'), 8],
  ];
  for (const [name, code, line] of cases) {
    const result = await scanSourceFiles([{ path: name, content: Buffer.from(code) }], { jobs: 1, cacheDir: null });
    assert.deepEqual(
      result.findings.filter((f) => f.type === 'COMMAND_INJECTION').map((f) => f.line),
      [line],
      name,
    );
  }
});

test('a source imported under another name is followed where that name is used', async () => {
  const code = ['import os', 'from flask import request as rq', 'def run():', '    os.system("grep " + rq.args["q"])', ''].join('\n');
  const result = await scanSourceFiles([{ path: 'app.py', content: Buffer.from(code) }], { jobs: 1, cacheDir: null });
  assert.deepEqual(
    result.findings.filter((f) => f.type === 'COMMAND_INJECTION').map((f) => f.line),
    [4],
  );
});

test("a statement's own local variables link no other statement (test files that each declare `result`)", async () => {
  const code = [
    "import { test } from 'vitest';",
    "test('reads the request', () => {",
    '  const result = handle(req.query.q);',
    '});',
    "test('unrelated', () => {",
    '  const result = 2;',
    '  expect(result).toBe(2);',
    '});',
    '',
  ].join('\n');
  assert.deepEqual(await walked('app.test.js', code), ["import { test } from 'vitest';", "test('reads the request', () => {"]);
});

test('JavaScript: a hint on `ctx` counts where ctx is a handler parameter (Koa), not a local context object', async () => {
  const library = ['function parse(input) {', '  const ctx = { path: [], data: input };', '  return visit(ctx.path, ctx.data);', '}', ''].join('\n');
  assert.equal(await holdsSourceInCode('parser.js', library), false);
  assert.equal(await holdsSourceInCode('routes.js', "router.get('/x', async (ctx, next) => {\n  ctx.body = ctx.query.q;\n});\n"), true);
  assert.equal(await holdsSourceInCode('mw.js', 'module.exports = async ctx => {\n  log(ctx.path);\n};\n'), true);
  assert.equal(await holdsSourceInCode('ts.ts', 'export async function show(ctx: Context) {\n  const { query } = ctx;\n  return query;\n}\n'), true);
});
