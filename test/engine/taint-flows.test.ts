// Taint-engine behaviour that rules rely on, shown on small Java and Go
// programs scanned with the built-in rules: guards and their polarity,
// allow-list look-ups, builders, receiver sanitisers, argument conditions,
// direct-only rules and calls resolved into other files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scanSourceFiles, type Finding } from '../../src/engine/index.ts';

async function scan(files: Record<string, string>): Promise<Finding[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { jobs: 1, cacheDir: null });
  return findings;
}

function lines(findings: Finding[], type: string, file?: string): number[] {
  return findings.filter((f) => f.type === type && (!file || f.file === file)).map((f) => f.line).sort((a, b) => a - b);
}

/** A servlet whose doPost runs `body` (its first line is line 8), with a Statement `st` and java.util. */
const servlet = (name: string, body: string) => `package x;
import java.sql.Statement;
import java.util.*;
import javax.servlet.http.*;
class ${name} extends HttpServlet {
  Statement st;
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {${body}  }
}
`;

const spring = (body: string) => `package x;
import org.springframework.web.bind.annotation.*;
@RestController
class C {
${body}
}
`;

test('a passed check cleans its own branch, also through a boolean variable; a failed check does not', async () => {
  const findings = await scan({
    'R.java': spring(`
  String a(@RequestParam String next) {
    boolean local = next.startsWith("/") && !next.startsWith("//");
    if (local) {
      return "redirect:" + next;
    }
    return "redirect:" + next;
  }
  String b(@RequestParam String next) {
    if (!next.startsWith("/")) {
      return "redirect:" + next;
    }
    return "redirect:" + next;
  }`),
  });
  // a(): line 9 (inside the passed check) is clean, line 11 is not; b(): line 15 (failed check) is reported, 17 is clean.
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), [11, 15]);
});

test('a ternary with an allow-list check cleans the value it chooses', async () => {
  const findings = await scan({
    'S.java': spring(`
  private static final java.util.Set<String> COLS = java.util.Set.of("a", "b");
  private org.springframework.jdbc.core.JdbcTemplate jdbc;
  Object q(@RequestParam String sort) {
    String col = COLS.contains(sort) ? sort : "a";
    jdbc.queryForList("SELECT * FROM t ORDER BY " + col);
    return jdbc.queryForList("SELECT * FROM t ORDER BY " + sort);
  }`),
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), [11]);
});

test('numeric request parameters are not sources; builders carry what is appended', async () => {
  const findings = await scan({
    'B.java': spring(`
  private org.springframework.jdbc.core.JdbcTemplate jdbc;
  Object q(@RequestParam int page, @RequestParam String name) {
    jdbc.queryForList("SELECT * FROM t LIMIT 10 OFFSET " + page);
    StringBuilder sql = new StringBuilder("SELECT * FROM t WHERE n = '");
    sql.append(name).append("'");
    return jdbc.queryForList(sql.toString());
  }`),
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), [11]);
});

test('an element chosen by an untrusted key is the container\u2019s own value (Go map look-up)', async () => {
  const findings = await scan({
    'm.go': `package m

import (
	"net/http"
	"os/exec"
)

var tools = map[string]string{"a": "/usr/bin/a"}

func H(w http.ResponseWriter, r *http.Request) {
	p := tools[r.URL.Query().Get("t")]
	exec.Command(p).Run()
	exec.Command(r.URL.Query().Get("t")).Run()
}
`,
  });
  assert.deepEqual(lines(findings, 'COMMAND_INJECTION'), [13]);
});

test('a receiver sanitiser and a source condition: only a session cookie never marked Secure is reported', async () => {
  const findings = await scan({
    'K.java': `package k;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
class K {
  void set(HttpServletResponse response, String token) {
    Cookie a = new Cookie("session", token);
    response.addCookie(a);
    Cookie b = new Cookie("session", token);
    b.setSecure(true);
    response.addCookie(b);
    Cookie c = new Cookie("theme", "dark");
    response.addCookie(c);
  }
}
`,
  });
  assert.deepEqual(lines(findings.filter((f) => f.ruleId === 'java.insecure-cookie'), 'INSECURE_COOKIE'), [7]);
  // Neither session cookie is marked HttpOnly (a rule of its own, reported where each is made).
  assert.deepEqual(lines(findings.filter((f) => f.ruleId === 'java.cookie-without-httponly'), 'INSECURE_COOKIE'), [6, 8]);
});

test('argument conditions on the access path and on the declared type', async () => {
  const findings = await scan({
    'f.go': `package f

import (
	"fmt"
	"net/http"
	"os"
)

func H(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "<b>%s</b>", r.FormValue("q"))
	fmt.Fprintf(os.Stderr, "query %s\\n", r.FormValue("q"))
}
`,
    'E.java': spring(`
  private final org.springframework.expression.ExpressionParser parser = null;
  Object e(@RequestParam String rule) {
    org.springframework.expression.spel.support.SimpleEvaluationContext ctx = null;
    parser.parseExpression(rule).getValue(ctx);
    return parser.parseExpression(rule).getValue();
  }`),
  });
  assert.deepEqual(lines(findings, 'XSS', 'f.go'), [10]);
  assert.deepEqual(lines(findings, 'CODE_INJECTION', 'E.java'), [10]);
});

test('a direct-only rule ignores results of unknown calls that merely received the data', async () => {
  const findings = await scan({
    'T.java': `package t;
import jakarta.servlet.http.HttpSession;
import org.springframework.web.bind.annotation.RequestParam;
class T {
  Service service;
  void a(@RequestParam String role, HttpSession session) {
    session.setAttribute("role", role.trim());
    session.setAttribute("id", service.idFor(role));
  }
}
`,
  });
  assert.deepEqual(lines(findings, 'TRUST_BOUNDARY_VIOLATION'), [7]);
});

test('a sink inside another file reached through a same-named call is not reported at the caller\u2019s line', async () => {
  const findings = await scan({
    'pkg/a.go': `package pkg

import "net/http"

type H struct{ DB DB }

func (h *H) Search(w http.ResponseWriter, r *http.Request) {
	h.DB.Query("SELECT 1 WHERE x = '" + r.FormValue("x") + "'")
}
`,
    'pkg/b.go': `package pkg

import "net/http"

type L struct{ Conn Conn }

func (l *L) Find(w http.ResponseWriter, r *http.Request) {
	l.Conn.Search(w, r)
}
`,
  });
  assert.deepEqual(
    findings.filter((f) => f.type === 'SQL_INJECTION').map((f) => `${f.file}:${f.line}`),
    ['pkg/a.go:8'],
  );
});

test('sink context: an XML parser is an XXE sink unless its factory is hardened in the same method', async () => {
  const findings = await scan({
    'X.java': `package x;
import javax.xml.parsers.DocumentBuilderFactory;
import jakarta.servlet.http.HttpServletRequest;
class X {
  void a(HttpServletRequest request) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.newDocumentBuilder().parse(request.getInputStream());
  }
  void b(HttpServletRequest request) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.newDocumentBuilder().parse(request.getInputStream());
  }
}
`,
  });
  assert.deepEqual(lines(findings, 'XXE'), [7]);
});

test('pattern rules: an @inside capture exempts only findings within that node', async () => {
  const findings = await scan({
    'main.go': `package main

import (
	"os"

	"github.com/gin-gonic/gin"
)

func main() {
	if os.Getenv("APP_ENV") == "development" {
		gin.SetMode(gin.DebugMode)
	}
	gin.SetMode(gin.DebugMode)
}
`,
  });
  assert.deepEqual(lines(findings, 'DEBUG_ENABLED'), [13]);
});

test('init conditions see where a value was made, with Go import names resolved to their paths', async () => {
  const findings = await scan({
    't.go': `package t

import (
	htmpl "html/template"
	"net/http"
	"text/template"
)

var plain = template.Must(template.New("p").Parse("{{.}}"))
var safe = htmpl.Must(htmpl.New("s").Parse("{{.}}"))

func H(w http.ResponseWriter, r *http.Request) {
	plain.Execute(w, r.FormValue("q"))
	safe.Execute(w, r.FormValue("q"))
}
`,
  });
  assert.deepEqual(lines(findings, 'XSS'), [13]);
});

test('a comparison yields a boolean, not the data it compared', async () => {
  const findings = await scan({
    'c.go': `package c

import (
	"fmt"
	"net/http"
)

func H(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "<p>%v</p>", r.URL.Path == "/admin")
	fmt.Fprintf(w, "<p>%v</p>", r.URL.Path)
}
`,
  });
  assert.deepEqual(lines(findings, 'XSS'), [10]);
});

test('a call on a typed field resolves into the file of its declared class', async () => {
  const findings = await scan({
    'web/OrderController.java': spring(`
  private org.springframework.jdbc.core.JdbcTemplate jdbc;
  private com.acme.sql.OrderSql sql;
  Object q(@RequestParam String region) {
    return jdbc.queryForList(sql.byRegion(region));
  }`),
    'sql/OrderSql.java': `package com.acme.sql;
public class OrderSql {
  public String byRegion(String region) {
    return "SELECT * FROM orders WHERE region = '" + region + "'";
  }
}
`,
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), [9]);
});

test('a leaving branch on a deny-list check vets what follows it; on an allow-list check only its own body', async () => {
  const findings = await scan({
    'd.go': `package d

import (
	"net/http"
	"os"
	"strings"
)

var allowed = map[string]bool{"a.txt": true}

func H(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if strings.Contains(name, "..") {
		return
	}
	os.ReadFile("/srv/" + name)
}

func G(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if allowed[name] {
		os.ReadFile("/srv/" + name)
		return
	}
	os.ReadFile("/srv/" + name)
}
`,
  });
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), [25]);
});

test('JavaScript: a bare call reaches a sibling file only through an import; Go calls its package without one', async () => {
  const js = await scan({
    'routes.js': [
      "const { run } = require('./helpers');",
      "app.get('/x', (req, res) => {",
      '  run(req.query.q);',
      '  log(req.query.q);',
      '});',
      '',
    ].join('\n'),
    'helpers.js': ["const { exec } = require('child_process');", 'function run(cmd) {', '  exec(cmd);', '}', 'module.exports = { run };', ''].join('\n'),
    // Not imported by routes.js: its `log` is some other function.
    'logging.js': ["const { exec } = require('child_process');", 'function log(x) {', '  exec(x);', '}', ''].join('\n'),
  });
  assert.deepEqual(lines(js, 'COMMAND_INJECTION', 'helpers.js'), [3]);
  assert.deepEqual(lines(js, 'COMMAND_INJECTION', 'logging.js'), []);

  const go = await scan({
    'web/handler.go': ['package web', '', 'import "net/http"', '', 'func H(w http.ResponseWriter, r *http.Request) {', '\trun(r.URL.Query().Get("q"))', '}', ''].join('\n'),
    'web/run.go': ['package web', '', 'import "os/exec"', '', 'func run(cmd string) {', '\texec.Command("sh", "-c", cmd).Run()', '}', ''].join('\n'),
  });
  assert.deepEqual(lines(go, 'COMMAND_INJECTION', 'web/run.go'), [6]);
});

test('one file\u2019s analysis follows calls into a bounded number of other files; calls past them are unknown code', async () => {
  const { MAX_FILES_FOLLOWED } = await import('../../src/engine/taint/run.ts');
  // A handler passes the request data to helpers, one per file, in order; only the last runs it.
  const helpers = (count: number): Record<string, string> => {
    const names = Array.from({ length: count }, (_, i) => `step${i}`);
    const files: Record<string, string> = {
      'app.py': ['from flask import request', ...names.map((n) => `from ${n} import ${n}`), 'def view():', '    q = request.args["q"]', ...names.map((n) => `    ${n}(q)`), ''].join('\n'),
    };
    names.forEach((n, i) => {
      files[`${n}.py`] = i === count - 1 ? ['import os', `def ${n}(v):`, '    os.system("grep " + v)', ''].join('\n') : [`def ${n}(v):`, '    return len(v)', ''].join('\n');
    });
    return files;
  };
  const within = await scan(helpers(MAX_FILES_FOLLOWED));
  assert.deepEqual(lines(within, 'COMMAND_INJECTION', `step${MAX_FILES_FOLLOWED - 1}.py`), [3]);
  const beyond = await scan(helpers(MAX_FILES_FOLLOWED + 1));
  assert.deepEqual(lines(beyond, 'COMMAND_INJECTION'), [], 'the call into a file past the bound is unknown code');
});

test('a validator that throws on a path separator keeps a name inside its folder, for paths only', async () => {
  const findings = await scan({
    'N.java': spring(`
  static void checkGoodName(String name) {
    if (name == null || name.isEmpty()) throw new IllegalArgumentException("no name");
    for (int i = 0; i < name.length(); i++) {
      char ch = name.charAt(i);
      if ("?*/\\\\:<>|".indexOf(ch) != -1) throw new IllegalArgumentException("unsafe character");
    }
  }
  static void checkLength(String name) {
    if (name.length() > 64) throw new IllegalArgumentException("too long");
  }
  @PostMapping("/items")
  String create(@RequestParam String name, @RequestParam String other) throws Exception {
    checkGoodName(name);
    new java.io.FileOutputStream(new java.io.File("/var/items", name)).close();
    checkLength(other);
    new java.io.FileOutputStream(new java.io.File("/var/items", other)).close();
    return "<p>" + name + "</p>";
  }`),
  });
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), [21]);
  assert.deepEqual(lines(findings, 'XSS'), [22]);
});

test('behind Spring Security, a path variable forges no log line; without it, or from the query, it does', async () => {
  const handlers = {
    'src/main/java/x/C.java': spring(`
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(C.class);
  void byAnnotation(@PathVariable String name, @RequestParam String q) {
    log.info("deleting " + name);
    log.info("searching " + q);
  }
  reactor.core.publisher.Mono<Void> functional(org.springframework.web.reactive.function.server.ServerRequest request) {
    String name = request.pathVariable("name");
    log.warn("publishing " + name);
    return null;
  }`),
  };
  const plain = { ...handlers, 'build.gradle': "dependencies {\n  implementation 'org.springframework.boot:spring-boot-starter-web'\n}\n" };
  const secured = { ...handlers, 'build.gradle': "dependencies {\n  implementation 'org.springframework.boot:spring-boot-starter-security'\n}\n" };
  assert.deepEqual(lines(await scan(secured), 'LOG_INJECTION'), [9]);
  assert.deepEqual(lines(await scan(plain), 'LOG_INJECTION'), [8, 9, 13]);
  // The handlers' cached results depend on the manifest: adding the dependency re-analyses them.
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'scanner-manifests-'));
  try {
    const cachedScan = async (files: Record<string, string>) =>
      (await scanSourceFiles(Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) })), { jobs: 1, cacheDir })).findings;
    assert.deepEqual(lines(await cachedScan(plain), 'LOG_INJECTION'), [8, 9, 13]);
    assert.deepEqual(lines(await cachedScan(secured), 'LOG_INJECTION'), [9]);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('a POST action behind a base controller\u2019s anti-forgery check shows its form again safely; the cached result follows the base controller', async () => {
  const admin = (attribute: string) => `using Microsoft.AspNetCore.Mvc;\n${attribute}\npublic abstract class AdminController : Controller { }\n`;
  const files = (attribute: string) => ({
    'Infrastructure/AdminController.cs': admin(attribute),
    'Controllers/NotesController.cs':
      'using Microsoft.AspNetCore.Mvc;\npublic class NoteModel { public string Text { get; set; } }\npublic class NotesController : AdminController\n{\n    [HttpPost]\n    public IActionResult Edit(NoteModel model)\n    {\n        return View(model);\n    }\n}\n',
    'Views/Notes/Edit.cshtml': '@model NoteModel\n<div>@Html.Raw(Model.Text)</div>\n',
  });
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'scanner-forgery-'));
  try {
    const cachedScan = async (tree: Record<string, string>) =>
      (await scanSourceFiles(Object.entries(tree).map(([p, text]) => ({ path: p, content: Buffer.from(text) })), { jobs: 1, cacheDir })).findings;
    assert.deepEqual(lines(await cachedScan(files('[AutoValidateAntiforgeryToken]')), 'XSS'), []);
    // The attribute removed from the base controller only: the action's own directory is unchanged.
    assert.deepEqual(lines(await cachedScan(files('// no token check')), 'XSS'), [2]);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('XPath: data built into the application\u2019s expression is injection; a parameter that is the whole expression is the API\u2019s query language', async () => {
  const findings = await scan({
    'X.java': spring(`
  Object byConcat(@RequestParam String sku, org.w3c.dom.Document doc) throws Exception {
    javax.xml.xpath.XPath xpath = javax.xml.xpath.XPathFactory.newInstance().newXPath();
    return xpath.evaluate("//product[@sku='" + sku + "']/price", doc);
  }
  Object byFormat(@RequestParam String sku, org.dom4j.Document dom) {
    return dom.selectNodes(String.format("//product[@sku='%s']", sku));
  }
  Object byBuilder(@RequestParam String sku, org.dom4j.Document dom) {
    StringBuilder query = new StringBuilder("//product[@sku='");
    query.append(sku).append("']");
    return dom.selectNodes(query.toString());
  }
  Object whole(@RequestParam String expression, org.dom4j.Document dom) {
    return dom.createXPath(expression.trim()).selectNodes(dom);
  }`),
    'x.py': [
      'from flask import request',
      'from lxml import etree',
      'CATALOG = etree.parse("catalog.xml")',
      '@app.get("/price")',
      'def price():',
      '    sku = request.args.get("sku")',
      '    by_format = CATALOG.xpath("//product[@sku=\'%s\']" % sku)',
      '    by_concat = CATALOG.xpath("//product[@sku=\'" + sku + "\']")',
      '    whole = CATALOG.xpath(request.args.get("q"))',
      '    return str(by_format) + str(by_concat) + str(whole)',
    ].join('\n'),
  });
  assert.deepEqual(lines(findings, 'XPATH_INJECTION', 'X.java'), [8, 11, 16]);
  assert.deepEqual(lines(findings, 'XPATH_INJECTION', 'x.py'), [7, 8]);
});

test('a record a held service returns for untrusted input gives its own fields and methods; the input itself, parsed data and string results still count', async () => {
  const controller = `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Http\\Request;
class ShelfController extends Controller
{
    public function __construct(private ShelfRepo $shelves) {}
    public function update(Request $request, string $slug)
    {
        $shelf = $this->shelves->update($slug, $request->all());
        return redirect($shelf->getUrl());
    }
    public function token(Request $request)
    {
        $token = (new ApiToken())->forceFill(['name' => $request->get('name')]);
        return redirect($token->url);
    }
    public function next(Request $request)
    {
        $target = $this->shelves->nextUrl($request->input('next'));
        return redirect($target);
    }
    public function decoded(Request $request)
    {
        $data = json_decode($request->getContent());
        return redirect($data->next);
    }
}
`;
  const handler = `package api

import (
	"fmt"
	"net/http"
	"strings"

	"example.com/app/store"
)

func export(lists store.Playlists) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		list, _ := lists.GetWithTracks(r.Context(), r.URL.Query().Get("id"))
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", list.Name))
		name := strings.TrimSpace(r.URL.Query().Get("name"))
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	}
}
`;
  const findings = await scan({ 'app/Http/Controllers/ShelfController.php': controller, 'api/export.go': handler });
  // The record's URL and field are the record's; the service's string result and decoded input are not.
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT', 'app/Http/Controllers/ShelfController.php'), [20, 25]);
  assert.deepEqual(lines(findings, 'HEADER_INJECTION', 'api/export.go'), [16]);
});

test('printf-style formatting: an argument printed only as a number carries no text; one printed as text does', async () => {
  const controller = `<?php
use Illuminate\\Support\\Facades\\Log;
class JournalController
{
    public function destroy(\\Illuminate\\Http\\Request $request)
    {
        $id = $request->get('id');
        Log::error(sprintf('Could not find journal #%d.', $id));
        Log::error(sprintf('Could not find journal %s.', $id));
        Log::error(sprintf('Moved #%1$d to %2$s', $id, 'archive'));
        Log::error(sprintf('Moved %2$s to %1$s', $id, 'archive'));
        Log::error(sprintf('%05.2f of %\\'*10d', $id, $id));
    }
}
`;
  const handler = `package api

import (
	"fmt"
	"log"
	"net/http"
)

func remove(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	log.Print(fmt.Sprintf("removed %d (%x)", id, id))
	log.Print(fmt.Sprintf("removed %d (%s)", id, id))
}
`;
  const findings = await scan({ 'app/Http/Controllers/JournalController.php': controller, 'api/remove.go': handler });
  assert.deepEqual(lines(findings, 'LOG_INJECTION', 'app/Http/Controllers/JournalController.php'), [9, 11]);
  assert.deepEqual(lines(findings, 'LOG_INJECTION', 'api/remove.go'), [12]);
});

test('Laravel keeps no request text in the request attributes bag (its route parameters are elsewhere); Symfony puts route placeholders there', async () => {
  const controller = `<?php
use Illuminate\\Support\\Facades\\Log;
class ReportController
{
    public function show(\\Illuminate\\Http\\Request $request)
    {
        ['start' => $start] = $request->attributes->all();
        Log::debug('report from ' . $start);
        Log::debug('report for ' . $request->attributes->get('account'));
        Log::debug('report as ' . $request->get('format'));
    }
}
`;
  const laravel = await scan({ 'composer.json': '{ "require": { "laravel/framework": "^11.0" } }', 'app/Http/Controllers/ReportController.php': controller });
  assert.deepEqual(lines(laravel, 'LOG_INJECTION'), [10]);
  const symfony = await scan({ 'composer.json': '{ "require": { "symfony/http-kernel": "^7.0" } }', 'src/Controller/ReportController.php': controller });
  assert.deepEqual(lines(symfony, 'LOG_INJECTION'), [8, 9, 10]);
});

test('inside a switch case whose labels are all literals the subject is one of them; in the default case and after the switch it is what it was', async () => {
  const controller = `<?php
use Illuminate\\Support\\Facades\\Log;
class NotificationController
{
    public function test(\\Illuminate\\Http\\Request $request)
    {
        $channel = $request->input('channel');
        switch ($channel) {
            default:
                Log::debug(sprintf('unknown "%s"', $channel));
                break;
            case 'email':
            case 'slack':
                Log::debug(sprintf('testing "%s"', $channel));
        }
        Log::debug(sprintf('tested "%s"', $channel));
    }
}
`;
  const handler = `package api

import (
	"log"
	"net/http"
)

func notify(w http.ResponseWriter, r *http.Request) {
	channel := r.URL.Query().Get("channel")
	switch channel {
	case "email", "slack":
		log.Printf("testing %s", channel)
	case defaultChannel():
		log.Printf("testing %s", channel)
	default:
		return
	}
	log.Printf("tested %s", channel)
}
`;
  const findings = await scan({ 'app/Http/Controllers/NotificationController.php': controller, 'api/notify.go': handler });
  assert.deepEqual(lines(findings, 'LOG_INJECTION', 'app/Http/Controllers/NotificationController.php'), [10, 16]);
  assert.deepEqual(lines(findings, 'LOG_INJECTION', 'api/notify.go'), [14, 18]);
});

test('of same-named overloads a call runs those that take its number of arguments', async () => {
  const findings = await scan({
    'src/main/java/x/Convert.java': `package x;
public class Convert {
    public static String[] toArray(String str) {
        return toArray(",", str);
    }
    public static String[] toArray(String split, String str) {
        return str.split(split);
    }
}
`,
    'src/main/java/x/R.java': spring(`
  String a(@RequestParam String ids) {
    return String.join(";", Convert.toArray(ids));
  }
  String b(@RequestParam String sep, @RequestParam String ids) {
    return String.join(";", Convert.toArray(sep, ids));
  }
`),
  });
  // Only b's separator reaches the pattern; a's ids are the string being split.
  const redos = findings.filter((f) => f.type === 'REDOS');
  assert.deepEqual(redos.map((f) => [f.line, f.trace?.[0]?.label]), [[7, 'parameter sep']]);
});

test('a parameter under a declared Bean Validation constraint is checked as its validator checks it, where Spring applies the constraint', async () => {
  const controller = (classAnnotation: string) => `package shop.web;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.*;
import shop.validator.SortField;
import shop.validator.Label;
@RestController
${classAnnotation}
class ProductController {
  private final org.springframework.jdbc.core.JdbcTemplate jdbc;
  ProductController(org.springframework.jdbc.core.JdbcTemplate jdbc) { this.jdbc = jdbc; }
  @GetMapping("/products")
  Object list(@SortField @RequestParam String sort) {
    return jdbc.queryForList("SELECT * FROM product ORDER BY " + sort);
  }
  @GetMapping("/labels")
  Object labels(@Label @RequestParam String label) {
    return jdbc.queryForList("SELECT * FROM product WHERE label = '" + label + "'");
  }
}
`;
  const files = (classAnnotation: string) => ({
    'web/ProductController.java': controller(classAnnotation),
    'validator/SortField.java': `package shop.validator;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
@Constraint(validatedBy = SortFieldValidator.class)
public @interface SortField {
  String message() default "unsupported sort field";
  String[] accepts() default {"name", "price"};
  Class<?>[] groups() default {};
  Class<? extends Payload>[] payload() default {};
}
`,
    'validator/SortFieldValidator.java': `package shop.validator;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.ArrayList;
import java.util.List;
public class SortFieldValidator implements ConstraintValidator<SortField, String> {
  private final List<String> accepted = new ArrayList<>();
  @Override
  public void initialize(SortField annotation) {
    for (String field : annotation.accepts()) accepted.add(field.toLowerCase());
  }
  @Override
  public boolean isValid(String value, ConstraintValidatorContext context) {
    if (!accepted.contains(value.toLowerCase())) {
      return false;
    }
    return true;
  }
}
`,
    // A constraint whose validator checks only the length: the text may still hold a quote.
    'validator/Label.java': `package shop.validator;
import jakarta.validation.Constraint;
@Constraint(validatedBy = LabelValidator.class)
public @interface Label { }
`,
    'validator/LabelValidator.java': `package shop.validator;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
public class LabelValidator implements ConstraintValidator<Label, String> {
  @Override
  public boolean isValid(String value, ConstraintValidatorContext context) {
    return value.length() < 40;
  }
}
`,
  });
  assert.deepEqual(lines(await scan(files('@Validated')), 'SQL_INJECTION', 'web/ProductController.java'), [17]);
  // Without @Validated Spring does not apply parameter constraints: the sort field is the client's text.
  assert.deepEqual(lines(await scan(files('')), 'SQL_INJECTION', 'web/ProductController.java'), [13, 17]);
});

test('fastjson parsing of request text is unsafe deserialisation only with a version whose autotype check can be bypassed', async () => {
  const controller = `package shop.web;
import com.alibaba.fastjson.JSON;
import org.springframework.web.bind.annotation.*;
@RestController
class SettingsController {
  @PostMapping("/settings")
  Object save(@RequestBody String body) {
    return JSON.parseObject(body, java.util.Map.class);
  }
}
`;
  const pom = (version: string) =>
    `<project>\n  <properties>\n    <fastjson.version>${version}</fastjson.version>\n  </properties>\n  <dependencies>\n    <dependency>\n      <groupId>com.alibaba</groupId>\n      <artifactId>fastjson</artifactId>\n      <version>\${fastjson.version}</version>\n    </dependency>\n  </dependencies>\n</project>\n`;
  const at = async (version: string) => lines(await scan({ 'pom.xml': pom(version), 'src/main/java/shop/web/SettingsController.java': controller }), 'INSECURE_DESERIALIZATION');
  assert.deepEqual(await at('1.2.24'), [8]);
  assert.deepEqual(await at('1.2.80'), [8]);
  assert.deepEqual(await at('1.2.83'), []);
  assert.deepEqual(await at('2.0.58'), []);
});

test('a check of a field read from a bound object cleans that field in the passed branch; other fields stay untrusted', async () => {
  const findings = await scan({
    'Controllers/AccountController.cs': `using Microsoft.AspNetCore.Mvc;
public class LoginInputModel { public string ReturnUrl { get; set; } public string Next { get; set; } }
public class AccountController : Controller
{
    [HttpPost]
    public IActionResult Login(LoginInputModel model)
    {
        if (Url.IsLocalUrl(model.ReturnUrl))
        {
            return Redirect(model.ReturnUrl);
        }
        if (Url.IsLocalUrl(model.ReturnUrl))
        {
            return Redirect(model.Next);
        }
        return Redirect(model.ReturnUrl);
    }
}
`,
  });
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), [14, 16]);
});

test('a look-up that checks a value gives a result only for a value that passed: a non-null result is a passed check', async () => {
  const findings = await scan({
    'Controllers/AccountController.cs': `using Microsoft.AspNetCore.Mvc;
public class LoginInputModel { public string ReturnUrl { get; set; } public string Next { get; set; } }
public class AccountController : Controller
{
    private readonly IIdentityServerInteractionService _interaction;
    [HttpPost]
    public async Task<IActionResult> Login(LoginInputModel model, string button)
    {
        var context = await _interaction.GetAuthorizationContextAsync(model.ReturnUrl);
        if (button != "login")
        {
            if (context != null)
            {
                return Redirect(model.ReturnUrl);
            }
            return Redirect("~/");
        }
        if (context == null)
        {
            return Redirect(model.ReturnUrl);
        }
        return Redirect(model.Next);
    }
}
`,
  });
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), [20, 22]);
});

test('a convention-routed controller’s constructor is no action: the services it is given are not request data', async () => {
  const findings = await scan({
    'Controllers/BackupController.cs': `using System.IO;
using Microsoft.AspNetCore.Mvc;
public class BackupController : Controller
{
    private readonly IAppFolderInfo _appFolderInfo;
    public BackupController(IAppFolderInfo appFolderInfo)
    {
        _appFolderInfo = appFolderInfo;
    }
    public IActionResult Restore()
    {
        var path = Path.Combine(_appFolderInfo.TempFolder, "restore.zip");
        return PhysicalFile(path, "application/zip");
    }
    public IActionResult Download(string name)
    {
        return PhysicalFile(Path.Combine(_appFolderInfo.TempFolder, name), "application/zip");
    }
}
`,
  });
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), [17]);
});

test('inside/notInside read the handler a sink is in: an Express arrow handler, not every handler of its file', async () => {
  const findings = await scan({
    'routes/session.js': `const express = require('express');
const jwt = require('jsonwebtoken');
const router = express.Router();
router.get('/me', (req, res) => {
  const claims = jwt.decode(req.headers.authorization);
  res.json({ user: claims.sub });
});
router.get('/verified', (req, res) => {
  const header = jwt.decode(req.headers.authorization, { json: true });
  const claims = jwt.verify(req.headers.authorization, keys[header.kid]);
  res.json({ user: claims.sub });
});
module.exports = router;
`,
  });
  assert.deepEqual(lines(findings, 'JWT_MISCONFIGURATION'), [5]);
});

test('a language vocabulary is declared once: a second rule file declaring it for the language is refused', async (t) => {
  const { loadRuleSet, RuleError } = await import('../../src/engine/rules/load.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-vocabulary-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    path.join(dir, 'sources.yaml'),
    "language: java\nconstraintValidation:\n  constraint: '^Constraint$'\n  enforcedBy: '^Validated$'\n  validatorMethod: '^isValid$'\nsources: []\nsanitizers: []\n",
  );
  assert.throws(() => loadRuleSet([dir]), (error: unknown) => error instanceof RuleError && /constraintValidation is declared twice for java/.test(String(error)));
});

test('a branch a fixed condition never takes reaches nothing; a condition that depends on anything else keeps both', async () => {
  const findings = await scan({
    'Fixed.java': servlet('Fixed', `
    String param = request.getParameter("p");
    int num = 106;
    String a = (7 * 42) - num > 200 ? param : "always";
    st.execute("SELECT * FROM t WHERE x='" + a + "'");
    String b = (7 * 42) - num < 200 ? param : "never";
    st.execute("SELECT * FROM t WHERE x='" + b + "'");
    String c = "x";
    if ((7 * 18) + num > 200) c = "always"; else c = param;
    st.execute("SELECT * FROM t WHERE x='" + c + "'");
    int limit = 0;
    for (String h : request.getParameterValues("h")) limit++;
    String d = limit > 3 ? param : "few";
    st.execute("SELECT * FROM t WHERE x='" + d + "'");
`),
    'fixed.py': `import sqlite3
from flask import Flask, request
app = Flask(__name__)

@app.route("/a", methods=["POST"])
def a():
    param = request.form.get("p")
    num = 106
    bar = param if 7 * 42 - num > 200 else "always"
    conn = sqlite3.connect("x.db")
    conn.execute("SELECT * FROM t WHERE x='" + bar + "'")
    other = param if 7 * 42 - num < 200 else "never"
    conn.execute("SELECT * FROM t WHERE x='" + other + "'")
    count = 0
    for _ in request.form.getlist("h"):
        count += 1
    many = param if count > 3 else "few"
    conn.execute("SELECT * FROM t WHERE x='" + many + "'")
    return "ok"
`,
    'fixed.php': `<?php
$param = $_GET['p'];
$num = 106;
$bar = (7 * 42) - $num > 200 ? $param : 'always';
mysqli_query($db, "SELECT * FROM t WHERE x='" . $bar . "'");
if ((7 * 42) - $num < 200) { $other = $param; } else { $other = 'never'; }
mysqli_query($db, "SELECT * FROM t WHERE x='" . $other . "'");
`,
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'Fixed.java'), [13, 20]);
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'fixed.py'), [13, 18]);
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'fixed.php'), [7]);
});

test("a method of the project's own class called on an object the request made reads that object's data through this", async () => {
  const findings = await scan({
    'shop/ProductController.java': `package shop;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.servlet.view.RedirectView;
@RestController
class ProductController {
  @PostMapping("/a")
  RedirectView a(@RequestBody Product product) { return new RedirectView(product.getHomepage()); }
  @PostMapping("/b")
  String b(@RequestBody Product product) { return "<h1>" + product.getName() + "</h1>"; }
  @PostMapping("/c")
  String c(@RequestBody Product product) { return "<h1>" + product.getId() + "</h1>"; }
  @PostMapping("/d")
  String d(@RequestParam String q) { Product stored = new Product(); return "<h1>" + stored.getName() + q.length() + "</h1>"; }
  @PostMapping("/e")
  String e(@RequestParam String q) { Labeller labeller = new Labeller(q); return "<h1>" + labeller.label() + "</h1>"; }
}
`,
    'page.php': `<?php
class Greeting {
  private $name;
  private $prefix = 'Hello ';
  public function __construct($name) { $this->name = $name; }
  public function text() { return $this->prefix . $this->name; }
  public function prefix() { return $this->prefix; }
}
$g = new Greeting($_GET['q']);
echo $g->text();
echo $g->prefix();
$fixed = new Greeting('world');
`,
    'greet.js': `const express = require('express');
const app = express();
class Greeting {
  constructor(name) { this.name = name; this.prefix = 'Hello '; }
  text() { return this.prefix + this.name; }
  head() { return this.prefix; }
}
app.get('/g', (req, res) => {
  const g = new Greeting(req.query.name);
  res.send(g.text());
  res.send(g.head());
});
`,
    'shop/Labeller.java': `package shop;
class Labeller {
  private final String query;
  private String label = "Results";
  Labeller(String query) { this.query = query; }
  String label() { return label; }
}
`,
    'shop/Product.java': `package shop;
class Product {
  private String name;
  private String homepage;
  private Long id;
  public String getName() { return this.name; }
  public String getHomepage() { return homepage; }
  public Long getId() { return id; }
}
`,
  });
  // Through \`this.name\` and the bare field \`homepage\`; a Long id holds no text; an object the code made holds nothing.
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT', 'shop/ProductController.java'), [7]);
  assert.deepEqual(lines(findings, 'XSS', 'shop/ProductController.java'), [9]);
  // PHP and JavaScript: \`new\` runs the constructor, which stores the request value in a field; only the method
  // reading that field gives it.
  assert.deepEqual(lines(findings, 'XSS', 'page.php'), [10]);
  assert.deepEqual(lines(findings, 'XSS', 'greet.js'), [10]);
});

test('a switch on a text the code fixes runs only the case it selects; a compared fixed text decides its if', async () => {
  const findings = await scan({
    'Pick.java': servlet('Pick', `
    String param = request.getParameter("p");
    String guess = "ABC";
    char target = guess.charAt(1);
    String a;
    switch (target) {
      case 'A': a = param; break;
      case 'B': a = "fixed"; break;
      default: a = param; break;
    }
    st.execute("SELECT * FROM t WHERE x='" + a + "'");
    String b;
    switch (target) {
      case 'A': b = "fixed"; break;
      case 'B': b = param; break;
      default: b = "other"; break;
    }
    st.execute("SELECT * FROM t WHERE x='" + b + "'");
    String c;
    switch (request.getParameter("k").charAt(0)) {
      case 'A': c = "fixed"; break;
      default: c = param; break;
    }
    st.execute("SELECT * FROM t WHERE x='" + c + "'");
    String d = "none";
    switch (target) {
      case 'B': d = "first";
      case 'C': d = param; break;
    }
    st.execute("SELECT * FROM t WHERE x='" + d + "'");
    String e = param;
    if ("B".equals(target)) e = "fixed";
    String mode = "B";
    if (mode == "A") e = param;
    st.execute("SELECT * FROM t WHERE x='" + e + "'");
`),
    'pick.py': `import sqlite3
from flask import Flask, request
app = Flask(__name__)

@app.route("/a", methods=["POST"])
def a():
    param = request.form.get("p")
    guess = "ABC"
    target = guess[1]
    match target:
        case "A":
            bar = param
        case "B":
            bar = "fixed"
        case _:
            bar = param
    conn = sqlite3.connect("x.db")
    conn.execute("SELECT * FROM t WHERE x='" + bar + "'")
    other = "fixed"
    if target == "B":
        other = param
    conn.execute("SELECT * FROM t WHERE x='" + other + "'")
    kept = param
    if target != "B":
        kept = "fixed"
    conn.execute("SELECT * FROM t WHERE x='" + kept + "'")
    if target == "A":
        chained = param
    elif target == "B":
        chained = "fixed"
    else:
        chained = param
    conn.execute("SELECT * FROM t WHERE x='" + chained + "'")
    return "ok"
`,
    'pick.php': `<?php
$param = $_GET['p'];
$guess = 'ABC';
$target = $guess[2];
if ($target == 'A') { $bar = $param; } elseif ($target == 'B') { $bar = $param; } elseif ($target == 'C') { $bar = 'fixed'; } else { $bar = $param; }
mysqli_query($db, "SELECT * FROM t WHERE x='" . $bar . "'");
if ($target == 'A') { $open = 'fixed'; } elseif ($_GET['k'] == 'B') { $open = $param; }
mysqli_query($db, "SELECT * FROM t WHERE x='" . $open . "'");
`,
  });
  // Only the selected case counts (line 18 clean, 24 tainted); a subject from the request keeps every case (30);
  // a case that runs on into the next is read as before (36); fixed comparisons decide their ifs (41 clean).
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'Pick.java'), [24, 30, 36]);
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'pick.py'), [22, 26]);
  // Else-if chains: every condition fixed takes one clause (6 clean); one the request decides keeps both (8).
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'pick.php'), [8]);
});

test('a map written and read by fixed keys keeps each entry apart; any other read gets all it holds', async () => {
  const findings = await scan({
    'Keys.java': servlet('Keys', `
    String param = request.getParameter("p");
    Map<String, Object> m = new HashMap<>();
    m.put("keyA", "a_Value");
    m.put("keyB", param);
    st.execute("SELECT * FROM t WHERE x='" + (String) m.get("keyA") + "'");
    st.execute("SELECT * FROM t WHERE x='" + (String) m.get("keyB") + "'");
    st.execute("SELECT * FROM t WHERE x='" + m.get(request.getHeader("k")) + "'");
    st.execute("SELECT * FROM t WHERE x='" + m + "'");
    m.put("keyB", "replaced");
    st.execute("SELECT * FROM t WHERE x='" + m.get("keyB") + "'");
    Properties props = new Properties();
    props.setProperty("safe", "fixed");
    props.setProperty("user", param);
    st.execute("SELECT * FROM t WHERE x='" + props.getProperty("safe") + "'");
    st.execute("SELECT * FROM t WHERE x='" + props.getProperty("user") + "'");
`),
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'Keys.java'), [13, 14, 15, 22]);
});

test('a character of a literal indexed in place is as fixed as one of a name bound to the literal', async () => {
  const findings = await scan({
    'guess.py': `
import sqlite3
from flask import request

def show():
    param = request.args.get("p", "")
    db = sqlite3.connect("app.db")
    guess = "ABC"[2]
    bar = param
    if guess == "C":
        bar = "fixed"
    db.execute("SELECT * FROM t WHERE x='" + bar + "'")
    other = "ABC"[0]
    if other == "C":
        param = "fixed"
    db.execute("SELECT * FROM t WHERE x='" + param + "'")
`,
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'guess.py'), [16]);
});

test('a Python dict read by a fixed key with get or pop gives that entry, as a subscript does', async () => {
  const findings = await scan({
    'keys.py': `
import sqlite3
from flask import request

def show():
    param = request.args.get("p", "")
    values = {"keyA": "a_value", "keyB": param}
    db = sqlite3.connect("app.db")
    db.execute("SELECT * FROM t WHERE x='" + values.get("keyA") + "'")
    db.execute("SELECT * FROM t WHERE x='" + values.get("keyB", "") + "'")
    db.execute("SELECT * FROM t WHERE x='" + values.pop("keyA") + "'")
    db.execute("SELECT * FROM t WHERE x='" + values.get(request.args["k"]) + "'")
    settings = {}
    settings.setdefault("user", param)
    db.execute("SELECT * FROM t WHERE x='" + settings.get("user") + "'")
    db.execute("SELECT * FROM t WHERE x='" + settings.get("theme", "light") + "'")
`,
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'keys.py'), [10, 12, 15]);
});

test('a getter checked in a condition checks that field, not its object; what a branch assigns before break or continue is read after the loop', async () => {
  const findings = await scan({
    'Cookies.java': servlet('Cookies', `
    Cookie[] cookies = request.getCookies();
    String found = "none";
    for (Cookie c : cookies) {
      if (c.getName().equals("thing")) { found = c.getValue(); break; }
    }
    st.execute("SELECT * FROM t WHERE a='" + found + "'");
    String next = "none";
    for (Cookie c : cookies) {
      if (c.getName().equals("skip")) { next = c.getValue(); continue; }
    }
    st.execute("SELECT * FROM t WHERE b='" + next + "'");
    String sort = request.getParameter("sort");
    if (sort.equals("name")) { st.execute("SELECT * FROM t ORDER BY " + sort); }
    for (Cookie c : cookies) {
      if (c.getValue().equals("fixed")) { st.execute("SELECT * FROM t WHERE c='" + c.getValue() + "'"); }
    }
`),
  });
  assert.deepEqual(lines(findings, 'SQL_INJECTION', 'Cookies.java'), [13, 18]);
});

test('Go: parameters declared together (`a, b, c string`) each take their own argument', async () => {
  const findings = await scan({
    'imp.go': `package imp

import (
	"net/http"
	"os"
)

func Start(w http.ResponseWriter, r *http.Request) {
	f, _ := os.CreateTemp("", "upload")
	go run(r.URL.Query().Get("site"), f.Name(), r.URL.Query().Get("name"))
}

func run(site, tmp, name string) {
	os.Remove(tmp)
	os.Remove("/srv/data/" + name)
}
`,
  });
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), [15]);
});

test('JavaScript: a function given another name (`var enc = encodeURIComponent`) is still that function when called', async () => {
  const findings = await scan({
    'public/count.js': `(function () {
  var enc = encodeURIComponent;
  const esc = encodeURIComponent;
  function show() {
    var q = new URLSearchParams(location.search).get('q');
    var img = document.createElement('img');
    img.src = enc(q) + '.png';
    document.getElementById('x').innerHTML = esc(q);
    document.getElementById('y').innerHTML = q;
  }
  window.show = show;
})();
`,
  });
  assert.deepEqual(lines(findings, 'XSS'), [9]);
});
