// A file is taint-analysed on its own only when a source hint (`request`, `http.Request`,
// `@RequestParam`…) appears in its code: mentions in comments and plain strings, as in
// library code that documents "the request", do not count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/engine/analyze.ts';
import { loadRuleSet } from '../../src/engine/rules/load.ts';

const analyzer = Analyzer.create(loadRuleSet());

async function holdsSourceInCode(file: string, code: string): Promise<boolean> {
  const files = new Map([[file, { path: file, text: code }]]);
  await analyzer.prepare(files);
  const parsed = analyzer.project(files).parsed(file);
  assert.ok(parsed, `${file} parses`);
  const taint = analyzer.languageRules(parsed.syntax)!.taint;
  assert.ok(taint.holdsSource(code), 'the hint matches the text somewhere');
  return taint.holdsSourceInCode(parsed.tree, code);
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
