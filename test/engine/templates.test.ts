// Templates as part of the flow: each app under rules/<language>/templates/ (handlers and the
// templates they render, annotated with `ruleid:` / `ok:` in the template language's comments)
// is scanned whole; the findings must be exactly the annotated ones, each on the template's
// line with a trace that starts in the handler. The template readers are tested on their own too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { BUILTIN_RULES_DIR } from '../../src/engine/rules/load.ts';
import { parseAnnotations, score } from '../../src/engine/rules/annotations.ts';
import { templateSyntax } from '../../src/engine/templates/index.ts';
import { TemplateIndex } from '../../src/engine/templates/resolve.ts';

const rules = loadRuleSet();

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/** rules/<language>/templates/<app>/ */
function apps(): string[] {
  const out: string[] = [];
  for (const lang of readdirSync(BUILTIN_RULES_DIR)) {
    const dir = path.join(BUILTIN_RULES_DIR, lang, 'templates');
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const app of readdirSync(dir)) if (statSync(path.join(dir, app)).isDirectory()) out.push(path.join(dir, app));
  }
  return out;
}

for (const app of apps()) {
  const label = path.relative(BUILTIN_RULES_DIR, app);
  test(`template app ${label}`, async () => {
    const files = filesUnder(app).map((f) => ({ path: path.relative(app, f).split(path.sep).join('/'), text: readFileSync(f, 'utf8') }));
    const expectations = files.flatMap((f) => parseAnnotations(f.path, f.text));
    assert.ok(expectations.some((e) => e.kind === 'ruleid'), `${label} has no ruleid annotation`);
    const { findings } = await scanSourceFiles(
      files.map((f) => ({ path: f.path, content: Buffer.from(f.text) })),
      { rules, jobs: 1, includeTests: true },
    );
    const s = score(expectations, findings);
    const describe = (xs: { file: string; line: number; type: string }[]) => xs.map((x) => `${x.file}:${x.line} ${x.type}`).join(', ');
    assert.equal(describe(s.falseNegatives), '', `missed: ${describe(s.falseNegatives)}`);
    assert.equal(describe(s.falsePositives), '', `false positives: ${describe(s.falsePositives)}`);
    // A template finding's trace runs from the handler's source, through the render call, to the template line.
    for (const f of findings.filter((x) => /^\w+\.xss-template/.test(x.ruleId))) {
      const trace = f.trace ?? [];
      assert.equal(trace[0]?.kind, 'source', `${f.file}:${f.line} trace starts at a source`);
      assert.notEqual(trace[0]?.file, f.file, `${f.file}:${f.line} the source is in the handler`);
      assert.ok(trace.some((step) => /^renders /.test(step.label)), `${f.file}:${f.line} trace names the render call`);
      assert.deepEqual([trace.at(-1)?.kind, trace.at(-1)?.file, trace.at(-1)?.line], ['sink', f.file, f.line]);
    }
  });
}

test('jinja: raw outputs, loop and with aliases, autoescape blocks, includes', () => {
  const jinja = templateSyntax('jinja')!;
  const parsed = jinja.parse(
    [
      '{% extends "base.html" %}',
      '{{ a|safe }} {{ b }} {{ c|escape|safe }}',
      '{% for x, y in items.all %}{{ y|safe }}{% endfor %}{{ y|safe }}',
      '{% autoescape off %}{{ d.e }}{% endautoescape %}{{ f }}',
      '{# {{ g|safe }} #}{% verbatim %}{{ h|safe }}{% endverbatim %}',
      '{{ "<b>"|safe }} {{ fmt(k)|safe }}',
    ].join('\n'),
  );
  assert.deepEqual(
    parsed.raw.map((r) => [r.line, r.roots.join(',')]),
    [[2, 'a'], [3, 'items'], [3, 'y'], [4, 'd'], [6, 'k']],
  );
  assert.deepEqual(parsed.references.map((r) => [r.name, r.line]), [['base.html', 1]]);
  assert.deepEqual(templateSyntax('twig')!.parse('{{ a|raw }} {{ b|safe }}').raw.map((r) => r.roots), [['a']]);
});

test('template names resolve by folder convention, nearest the handler first', () => {
  const index = new TemplateIndex(['a/templates/shop/list.html', 'b/templates/shop/list.html', 'views/page.ejs', 'other/page.ejs']);
  assert.equal(index.resolve('shop/list.html', 'b/views.py', ['templates'], []), 'b/templates/shop/list.html');
  assert.equal(index.resolve('shop/list.html', 'a/views.py', ['templates'], []), 'a/templates/shop/list.html');
  assert.equal(index.resolve('page', 'app.js', ['views'], ['.pug', '.ejs']), 'views/page.ejs');
  assert.equal(index.resolve('../secret', 'app.js', ['views'], ['.ejs']), undefined);
  assert.equal(index.resolve('missing.html', 'a/views.py', ['templates'], []), undefined);
  // The folder in any case (Express's `app.set('views', './src/Views')`); the name as written.
  const cased = new TemplateIndex(['src/Views/UserInput.pug']);
  assert.equal(cased.resolve('UserInput', 'src/views.js', ['views'], ['.pug']), 'src/Views/UserInput.pug');
  assert.equal(cased.resolve('userinput', 'src/views.js', ['views'], ['.pug']), undefined);
});

test('a value whose member chain ends in a method call is the method output, not the data', () => {
  const blade = templateSyntax('blade')!;
  const parsed = blade.parse('{!! $books->render() !!}\n{!! $post->body !!}\n@foreach ($items as $i => $item)\n{!! $item->name !!}\n@endforeach\n{{-- {!! $x !!} --}}\n@include(\'partials.row\')');
  assert.deepEqual(parsed.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'post'], [4, 'items']]);
  assert.deepEqual(parsed.references.map((r) => [r.name, r.line]), [['partials.row', 7]]);
  // Methods that hand the data back keep it: a joined list, a trimmed string, a getter.
  const ejs = templateSyntax('ejs')!.parse("<%- comments.join('<br>') %><%- name.trim() %><%- post.getBody() %><%- page.render() %>");
  assert.deepEqual(ejs.raw.map((r) => r.roots.join(',')), ['comments', 'name', 'post']);
});

test('a conditional prints one of its branches: the names of its condition are not printed', () => {
  const razor = templateSyntax('razor')!.parse('@Html.Raw(Model.SupportsTokens ? "&fileIndex=1" : string.Empty)\n@Html.Raw(Model.Wide ? Model.Banner : Model.Note)\n@Html.Raw(Model.Link?.Title ?? Model.Name)');
  assert.deepEqual(razor.raw.map((r) => [r.line, r.roots.filter((x) => x.startsWith('Model')).join(',')]), [[1, ''], [2, 'Model.Banner,Model.Note'], [3, 'Model.Link,Model.Name']]);
  const blade = templateSyntax('blade')!.parse('{!! $admin ? \'<b>admin</b>\' : \'\' !!}\n{!! $wide ? $banner : $note !!}');
  assert.deepEqual(blade.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'banner,note']]);
});

test('express languages: EJS, Pug and Handlebars raw outputs with their loop names', () => {
  const ejs = templateSyntax('ejs')!.parse('<%# <%- a %> %>\n<% rows.forEach(function (r) { %><%- r.html %><% }) %>\n<%= b %><%- include("x") %>');
  assert.deepEqual(ejs.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'rows']]);
  assert.deepEqual(ejs.references.map((r) => r.name), ['x']);
  const pug = templateSyntax('pug')!.parse('each c in list\n  li!= c.body\n  li= c.body\n// p!= hidden\np !{a} #{b}\na(href!=link)');
  assert.deepEqual(pug.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'list'], [5, 'a'], [6, 'link']]);
  // In a script element's text, HTML escaping does not protect: `#{x}` inline, `script= x` and a `script.` block's lines.
  const scripts = templateSyntax('pug')!.parse(
    'div\n  script #{userInput}\n  p #{userInput}\nscript= config\nscript.\n  var name = "#{name}";\n  var n = 1;\np #{after}\nscript(type="text/template") #{tpl}',
  );
  assert.deepEqual(scripts.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'userInput'], [4, 'config'], [6, 'name']]);
  const hbs = templateSyntax('handlebars')!.parse('{{! {{{x}}} }}\n{{{a.b}}} {{c}}\n{{#each list as |item|}}{{{item.html}}}{{/each}}\n{{& d}}{{> row}}');
  assert.deepEqual(hbs.raw.map((r) => [r.line, r.roots.join(',')]), [[2, 'a'], [3, 'list'], [4, 'd']]);
  assert.deepEqual(hbs.references.map((r) => r.name), ['row']);
});

test('go text/template: every printing action is raw unless an escaper ends it; range and with move the dot', () => {
  const parsed = templateSyntax('gotext')!.parse(
    [
      '{{/* {{.Hidden}} */}}<h1>{{.Title}}</h1> {{.Title | html}} {{html .Title}} {{len .Items}}',
      '{{if .Error}}{{.Error}}{{end}} {{printf "%s" .Bio}} {{$.Site}}',
      '{{range $i, $c := .Comments}}{{$i}} {{$c.Body}}{{end}}',
      '{{with .User}}{{.Name}}{{else}}{{.Guest}}{{end}}',
      '{{range .Posts}}{{.Title | urlquery}}{{.Body}}{{end}}',
      '{{$b := .Banner}}{{$b}} {{template "footer.html" .}}{{template "row.html" .Row}}',
    ].join('\n'),
  );
  assert.deepEqual(parsed.raw.map((r) => [r.line, r.roots.join(',')]), [
    [1, '$.Title'],
    [2, '$.Error'],
    [2, '$.Bio'],
    [2, '$.Site'],
    [3, '$.Comments'],
    [4, '$.User'],
    [4, '$.Guest'],
    [5, '$.Posts'],
    [6, '$.Banner'],
  ]);
  assert.deepEqual(parsed.references.map((r) => [r.name, r.bindings ?? null]), [['footer.html', null], ['row.html', { $: ['$.Row'] }]]);
});

test('thymeleaf: th:utext and [( )] are raw, th:text, [[ ]] and escaping utilities are not', () => {
  const parsed = templateSyntax('thymeleaf')!.parse(
    '<p th:text="${a}"></p><p th:utext="${b.c}"></p>\n<li th:each="x : ${items}" th:utext="${x}"></li>\n[[${d}]] [(${e})]\n<p th:utext="${#strings.escapeXml(f)}"></p>\n<!-- <p th:utext="${g}"></p> -->\n<div th:replace="~{fragments/footer :: f}"></div>',
  );
  assert.deepEqual(parsed.raw.map((r) => [r.line, r.roots.join(',')]), [[1, 'b'], [2, 'items'], [3, 'e']]);
  assert.deepEqual(parsed.references.map((r) => r.name), ['fragments/footer']);
});

test('razor: Html.Raw and HtmlString of the model, ViewBag and ViewData, loops and partials', () => {
  const parsed = templateSyntax('razor')!.parse(
    '<p>@Model.Bio</p><p>@Html.Raw(Model.Bio)</p>\n@Html.Raw(ViewBag.Note) @Html.Raw(ViewData["x"])\n@foreach (var c in Model.Comments) { <li>@Html.Raw(c.Text)</li> }\n@* @Html.Raw(Model.Hidden) *@ @(new HtmlString(Model.Html))\n<partial name="_Row" /> @await Html.PartialAsync("_Side")\n<code>@@Html.Raw(ViewData["q"])</code>',
  );
  // `@@` is an escaped `@`: the code sample on line 6 is text.
  assert.deepEqual(
    parsed.raw.map((r) => [r.line, r.roots.join(',')]),
    [[1, 'Model.Bio'], [2, 'ViewBag.Note'], [2, 'ViewData'], [3, 'Model.Comments'], [4, 'Model.Html']],
  );
  assert.deepEqual(parsed.references.map((r) => r.name), ['_Row', '_Side']);
});

test('a template finding is cached with the handler and goes when only the template changes', async () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'templates-cache-'));
  try {
    const app = 'from flask import Flask, request, render_template\napp = Flask(__name__)\n\n@app.route("/")\ndef home():\n    return render_template("home.html", name=request.args["name"])\n';
    const scan = (template: string) =>
      scanSourceFiles(
        [
          { path: 'app.py', content: Buffer.from(app) },
          { path: 'templates/home.html', content: Buffer.from(template) },
        ],
        { rules, jobs: 1, cacheDir },
      );
    const first = await scan('<p>{{ name|safe }}</p>\n');
    assert.deepEqual(first.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`), ['templates/home.html:1 py.xss-template-raw-output']);
    const again = await scan('<p>{{ name|safe }}</p>\n');
    assert.deepEqual(again.findings.map((f) => f.id), first.findings.map((f) => f.id));
    assert.equal(again.summary.cachedFiles, 2, 'the second scan is answered from the cache');
    const escaped = await scan('<p>{{ name }}</p>\n');
    // The handler's directory is unchanged, but its cached result depends on the template.
    assert.equal(escaped.summary.cachedFiles, 0);
    assert.deepEqual(escaped.findings, []);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('escaped output is raw where it is script code: outside a JS string, or in an event handler', () => {
  const jinja = templateSyntax('jinja')!;
  const lines = (text: string) => jinja.parse(text).raw.map((r) => r.line);
  assert.deepEqual(lines('<script>\nvar a = {{ x }};\nvar b = "{{ x }}";\nvar c = \'{{ "\'" }}\' + {{ y }};\n// don\'t\nvar d = {{ z }};\n</script>'), [2, 4, 6]);
  assert.deepEqual(lines('<script type="application/json">{"a": {{ x }}}</script><script type="text/template">{{ y }}</script>'), []);
  assert.deepEqual(lines('<a onclick="go(\'{{ x }}\')" title="{{ y }}">{{ z }}</a>'), [1]);
  assert.deepEqual(lines('<script>var a = {{ x|tojson }}; var b = {{ n|int }};</script>'), []);
});

test('macros: a parameter printed raw is bound by each call, here or in the importing template', () => {
  const jinja = templateSyntax('jinja')!;
  const macros = jinja.parse('{% macro row(text, css="x") %}{{ text|safe }}{{ css|safe }}{% endmacro %}\n{{ row(a) }}{{ row("k", css=b) }}');
  assert.deepEqual(macros.raw.map((r) => r.roots), [['row(#0)', 'row(text)'], ['row(#1)', 'row(css)']]);
  assert.deepEqual(macros.bindings, { 'row(#0)': ['a'], 'row(css)': ['b'] });
  const caller = jinja.parse('{% from "m.html" import row as r %}{% for c in items %}{{ r(c) }}{% endfor %}');
  assert.deepEqual(caller.references.map((r) => [r.name, r.bindings]), [['m.html', { 'row(#0)': ['items'] }]]);
});
