// The engine as a whole: bad input, caching, worker threads, suppression and
// stable finding ids, on real files in temporary directories.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, type SourceFile } from '../../src/engine/index.ts';
import { WorkerPool } from '../../src/engine/workers/pool.ts';
import { VERSIONS_KEPT } from '../../src/engine/cache/directory-cache.ts';
import { collectDirectory, SourceError } from '../../src/sources/directory.ts';

const VULNERABLE = `const db = require('./db');
function handler(req, res) {
  const sql = "SELECT * FROM t WHERE id = '" + req.query.id + "'";
  db.query(sql);
}
`;

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'scanner-engine-'));
}

function file(p: string, text: string | Buffer): SourceFile {
  return { path: p, content: Buffer.isBuffer(text) ? text : Buffer.from(text) };
}

test('a taint finding carries type, CWE, location, snippet, trace and a vuln_ id', async () => {
  const { findings } = await scanSourceFiles([file('app.js', VULNERABLE)], { jobs: 1 });
  const sqli = findings.find((f) => f.type === 'SQL_INJECTION');
  assert.ok(sqli, 'SQL injection found');
  assert.equal(sqli.line, 4);
  assert.deepEqual(sqli.cwe, [89]);
  assert.match(sqli.id, /^vuln_[0-9a-f]{16}$/);
  assert.match(sqli.snippet, /db\.query\(sql\)/);
  assert.equal(sqli.trace?.[0]?.kind, 'source');
  assert.equal(sqli.trace?.at(-1)?.kind, 'sink');
  assert.equal(sqli.trace?.at(-1)?.line, 4);
});

test('the finding id survives unrelated edits above it', async () => {
  const before = await scanSourceFiles([file('app.js', VULNERABLE)], { jobs: 1 });
  const after = await scanSourceFiles([file('app.js', `// a comment\n\n${VULNERABLE}`)], { jobs: 1 });
  const a = before.findings.find((f) => f.type === 'SQL_INJECTION')!;
  const b = after.findings.find((f) => f.type === 'SQL_INJECTION')!;
  assert.notEqual(a.line, b.line);
  assert.equal(a.id, b.id);
});

test('identical sink code in one file, reached from callers in two directories, is two findings with two ids', async () => {
  const helpers = [
    "const db = require('./pool');",
    'function byName(q) {',
    `  return db.query("SELECT * FROM items WHERE label = '" + q + "'");`,
    '}',
    'function byTitle(q) {',
    `  return db.query("SELECT * FROM items WHERE label = '" + q + "'");`,
    '}',
    'module.exports = { byName, byTitle };',
    '',
  ].join('\n');
  const route = (name: string) =>
    `const express = require('express');\nconst { ${name} } = require('../lib/db');\nconst router = express.Router();\nrouter.get('/x', (req, res) => res.json(${name}(req.query.q)));\nmodule.exports = router;\n`;
  const streamed: string[] = [];
  const { findings } = await scanSourceFiles([file('lib/db.js', helpers), file('a/names.js', route('byName')), file('b/titles.js', route('byTitle'))], {
    jobs: 1,
    onFinding: (f) => streamed.push(`${f.file}:${f.line}`),
  });
  const sqli = findings.filter((f) => f.type === 'SQL_INJECTION');
  assert.deepEqual(sqli.map((f) => `${f.file}:${f.line}`), ['lib/db.js:3', 'lib/db.js:6']);
  assert.equal(new Set(sqli.map((f) => f.id)).size, 2);
  assert.deepEqual(streamed.filter((s) => s.startsWith('lib/')).sort(), ['lib/db.js:3', 'lib/db.js:6']);
});

test('scanner-ignore comments suppress findings, optionally by type', async () => {
  const ignoredAll = VULNERABLE.replace('  db.query(sql);', '  // scanner-ignore -- reviewed: id is validated upstream\n  db.query(sql);');
  const ignoredOther = VULNERABLE.replace('  db.query(sql);', '  db.query(sql); // scanner-ignore: XSS');
  const ignoredType = VULNERABLE.replace('  db.query(sql);', '  db.query(sql); // scanner-ignore: SQL_INJECTION');
  const r1 = await scanSourceFiles([file('a.js', ignoredAll)], { jobs: 1 });
  const r2 = await scanSourceFiles([file('a.js', ignoredOther)], { jobs: 1 });
  const r3 = await scanSourceFiles([file('a.js', ignoredType)], { jobs: 1 });
  assert.equal(r1.findings.filter((f) => f.type === 'SQL_INJECTION').length, 0);
  assert.equal(r1.summary.suppressed, 1);
  assert.equal(r2.findings.filter((f) => f.type === 'SQL_INJECTION').length, 1);
  assert.equal(r3.findings.filter((f) => f.type === 'SQL_INJECTION').length, 0);
});

test('bad input is skipped or warned about, never fatal', async () => {
  const deep = `${'if (a) {\n'.repeat(10_000)}eval(req.query.x);\n${'}\n'.repeat(10_000)}`;
  const result = await scanSourceFiles(
    [
      file('binary.js', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2])),
      file('latin1.py', Buffer.from([0x78, 0x20, 0x3d, 0x20, 0x27, 0xe9, 0x27, 0x0a])),
      file('one-line.min.js', `var a=1;`.repeat(1_300_000)),
      // The line length that marks generated code is an average over the file (500 characters).
      file('long-lines.js', `var a = '${'x'.repeat(590)}';\n`.repeat(10)),
      file('wide-but-written.js', `var a = '${'x'.repeat(390)}';\n`.repeat(10)),
      // A bundle whose embedded stylesheet brings the average down is still mostly a few very long lines.
      file('bundle-with-css.js', `${'.a{color:red}\n'.repeat(400)}${`var b=1;`.repeat(1000)}\n`.repeat(6)),
      file('one-long-literal.py', `KEYS = "${'k'.repeat(1800)}"\n${'x = 1\n'.repeat(100)}`),
      file('deep.js', deep),
      file('broken.py', 'def f(:\n  return 1\nos.system(request.args["x"])\n'),
    ],
    { jobs: 1 },
  );
  const skipped = Object.fromEntries(result.summary.skipped.map((s) => [s.path, s.reason]));
  assert.equal(skipped['binary.js'], 'binary');
  assert.equal(skipped['one-line.min.js'], 'minified');
  assert.equal(skipped['long-lines.js'], 'minified');
  assert.equal(skipped['wide-but-written.js'], undefined);
  assert.equal(skipped['bundle-with-css.js'], 'minified');
  assert.equal(skipped['one-long-literal.py'], undefined);
  assert.ok(result.summary.warnings.some((w) => w.file === 'latin1.py' && /UTF-8/.test(w.message)));
  assert.ok(result.summary.warnings.some((w) => w.file === 'broken.py' && /syntax errors/.test(w.message)));
  assert.ok(result.summary.partiallyParsed >= 1);
  assert.ok(result.summary.filesScanned >= 3);
});

test('directory source: ignore files, vendored code, symlink loops, missing paths', async () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'app.js'), VULNERABLE);
    writeFileSync(path.join(dir, '.scannerignore'), 'fixtures/\n');
    writeFileSync(path.join(dir, '.gitignore'), 'secret-build.js\n');
    writeFileSync(path.join(dir, 'secret-build.js'), VULNERABLE);
    mkdirSync(path.join(dir, 'fixtures'));
    writeFileSync(path.join(dir, 'fixtures', 'bad.js'), VULNERABLE);
    mkdirSync(path.join(dir, 'node_modules', 'lib'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', 'lib', 'index.js'), VULNERABLE);
    symlinkSync('loop-b', path.join(dir, 'loop-a'));
    symlinkSync('loop-a', path.join(dir, 'loop-b'));
    symlinkSync('/etc/passwd', path.join(dir, 'passwd.js'));
    const { files, skipped } = await collectDirectory(dir);
    assert.deepEqual(files.map((f) => f.path).sort(), ['.gitignore', '.scannerignore', 'app.js']);
    const reasons = Object.fromEntries(skipped.map((s) => [s.path, s.reason]));
    assert.equal(reasons['fixtures/'], 'ignored');
    assert.equal(reasons['secret-build.js'], 'ignored');
    assert.equal(reasons['node_modules/'], 'vendored');
    assert.equal(reasons['loop-a'], 'symlink');
    assert.equal(reasons['passwd.js'], 'symlink');
    await assert.rejects(collectDirectory(path.join(dir, 'does-not-exist')), SourceError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a second scan of an unchanged tree comes from the cache; a change is re-analysed', async () => {
  const cacheDir = tempDir();
  try {
    const files = [file('app.js', VULNERABLE), file('other.js', 'console.log(1);\n')];
    const first = await scanSourceFiles(files, { jobs: 1, cacheDir });
    const second = await scanSourceFiles(files, { jobs: 1, cacheDir });
    assert.equal(first.summary.cachedFiles, 0);
    assert.equal(second.summary.cachedFiles, 2);
    assert.deepEqual(second.findings.map((f) => f.id), first.findings.map((f) => f.id));
    const changed = await scanSourceFiles([file('app.js', VULNERABLE.replace('req.query.id', '42')), files[1]!], { jobs: 1, cacheDir });
    assert.equal(changed.findings.filter((f) => f.type === 'SQL_INJECTION').length, 0);
    // The cache keeps each directory whole: a change re-analyses its own directory only.
    const tree = [file('web/app.js', VULNERABLE), file('web/util.js', 'module.exports = 1;\n'), file('lib/other.js', VULNERABLE)];
    await scanSourceFiles(tree, { jobs: 1, cacheDir });
    const edited = await scanSourceFiles([file('web/app.js', `${VULNERABLE}// edited\n`), ...tree.slice(1)], { jobs: 1, cacheDir });
    assert.equal(edited.summary.cachedFiles, 1);
    assert.deepEqual(edited.findings.map((f) => f.file).sort(), ['lib/other.js', 'web/app.js']);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('a directory edited again and again keeps only its newest cache entries; old-layout entries go', async () => {
  const cacheDir = tempDir();
  try {
    const legacy = path.join(cacheDir, 'ab');
    mkdirSync(legacy);
    writeFileSync(path.join(legacy, `ab${'0'.repeat(62)}.json`), '{"files":[]}');
    const version = (n: number) => [file('web/app.js', `${VULNERABLE}// edit ${n}\n`), file('lib/other.js', 'module.exports = 1;\n')];
    for (let n = 0; n < 10; n++) await scanSourceFiles(version(n), { jobs: 1, cacheDir });
    const entries = (dir: string) => readdirSync(path.join(cacheDir, 'dirs', dir)).filter((name) => name.endsWith('.json'));
    const folders = readdirSync(path.join(cacheDir, 'dirs'));
    assert.equal(folders.length, 2, 'one folder per directory');
    assert.deepEqual(folders.map((dir) => entries(dir).length).sort(), [1, VERSIONS_KEPT]);
    assert.ok(!existsSync(legacy), 'entries of the earlier layout are removed');
    // The latest versions still come from the cache, the oldest is analysed again.
    assert.equal((await scanSourceFiles(version(9), { jobs: 1, cacheDir })).summary.cachedFiles, 2);
    assert.equal((await scanSourceFiles(version(8), { jobs: 1, cacheDir })).summary.cachedFiles, 2);
    assert.equal((await scanSourceFiles(version(0), { jobs: 1, cacheDir })).summary.cachedFiles, 1);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('scans that store the same cache entries at once leave them whole', async () => {
  const cacheDir = tempDir();
  try {
    const files = [file('web/app.js', VULNERABLE), file('web/util.js', 'module.exports = 1;\n'), file('lib/other.js', VULNERABLE)];
    const [a, b] = await Promise.all([scanSourceFiles(files, { jobs: 1, cacheDir }), scanSourceFiles(files, { jobs: 1, cacheDir })]);
    const again = await scanSourceFiles(files, { jobs: 1, cacheDir });
    assert.equal(again.summary.cachedFiles, 3);
    assert.deepEqual(again.findings.map((f) => f.id), a.findings.map((f) => f.id));
    assert.deepEqual(b.findings.map((f) => f.id), a.findings.map((f) => f.id));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('worker threads give the same findings as one thread, also for flows between files they share', async () => {
  const filler = 'const filler = [1, 2, 3].map((x) => x * 2);\n'.repeat(20);
  const files: SourceFile[] = [];
  for (let i = 0; i < 60; i++) {
    files.push(file(`pkg${i % 6}/mod${i}.js`, `${VULNERABLE}\n${filler}`));
    // A controller whose request data reaches a sink in a service beside it (analysed by either thread).
    if (i % 10 === 0) {
      files.push(file(`pkg${i % 6}/controller${i}.js`, `const { lookup${i} } = require('./service${i}');\nfunction show(req, res) {\n  lookup${i}(req.query.name);\n}\n${filler}`));
      files.push(file(`pkg${i % 6}/service${i}.js`, `const db = require('./db');\nexports.lookup${i} = function (name) {\n  db.query("SELECT * FROM u WHERE name = '" + name + "'");\n};\n${filler}`));
    }
  }
  const single = await scanSourceFiles(files, { jobs: 1 });
  // One helper thread beside this one; threads start for this little code only because the threshold is lowered.
  const parallel = await scanSourceFiles(files, { jobs: 2, minBytesForWorkers: 0 });
  const startedAhead = await scanSourceFiles(files, { jobs: 2, minBytesForWorkers: 0, helpers: WorkerPool.start(1, []) });
  assert.ok(single.findings.length >= 66);
  assert.deepEqual(single.findings.filter((f) => f.file.includes('service')).map((f) => `${f.file}:${f.line}`).sort(), ['pkg0/service0.js:3', 'pkg0/service30.js:3', 'pkg2/service20.js:3', 'pkg2/service50.js:3', 'pkg4/service10.js:3', 'pkg4/service40.js:3']);
  assert.deepEqual(parallel.findings.map((f) => f.id).sort(), single.findings.map((f) => f.id).sort());
  assert.deepEqual(startedAhead.findings.map((f) => f.id).sort(), single.findings.map((f) => f.id).sort());
});

test('a sink reached from two directories shows the same trace with or without threads and cache', async () => {
  const caller = (name: string) => `const { lookup } = require('../lib/store');\nfunction ${name}(req, res) {\n  lookup(req.query.${name});\n}\n`;
  const files = [
    file('a/controller.js', caller('first')),
    file('lib/store.js', `const db = require('./db');\nexports.lookup = function (name) {\n  db.query("SELECT * FROM u WHERE name = '" + name + "'");\n};\n`),
    file('z/controller.js', caller('last')),
  ];
  const traceOf = (r: Awaited<ReturnType<typeof scanSourceFiles>>) => {
    const sink = r.findings.find((f) => f.file === 'lib/store.js');
    assert.ok(sink, 'the flow into lib/store.js is found');
    return sink.trace?.map((s) => `${s.file}:${s.line}`);
  };
  const expected = traceOf(await scanSourceFiles(files, { jobs: 1 }));
  assert.equal(expected?.[0], 'a/controller.js:3');
  const cacheDir = tempDir();
  try {
    await scanSourceFiles(files, { jobs: 1, cacheDir });
    // Only a/ is analysed again: lib/ and z/ come from the cache, ahead of it.
    const edited = [file('a/controller.js', `${caller('first')}// edited\n`), ...files.slice(1)];
    const fresh = traceOf(await scanSourceFiles(edited, { jobs: 1 }));
    assert.deepEqual(traceOf(await scanSourceFiles(edited, { jobs: 1, cacheDir })), fresh);
    assert.deepEqual(traceOf(await scanSourceFiles(files, { jobs: 2, minBytesForWorkers: 0 })), expected);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('a scan cancelled while worker threads analyse stops with an AbortError', async () => {
  const files = Array.from({ length: 40 }, (_, i) => file(`pkg${i % 4}/mod${i}.js`, `${VULNERABLE}\n${'const x = [1].map((y) => y);\n'.repeat(50)}`));
  const controller = new AbortController();
  const scanning = scanSourceFiles(files, { jobs: 2, minBytesForWorkers: 0, signal: controller.signal, onFinding: () => controller.abort() });
  await assert.rejects(scanning, { name: 'AbortError' });
});

test('a file is parsed only when a rule may match its text or it may hold a source', async () => {
  const result = await scanSourceFiles(
    [
      // Spells no rule's words and no source: nothing could be found in its tree, so it is not parsed.
      file('lib/broken-helper.js', 'function add(a, b {\n  return a + b;\n}\n'),
      // A source and a sink: parsed, its syntax error reported, the flow after it still found.
      file('routes/broken-route.js', 'function x( {\n}\napp.get("/", (req, res) => { eval(req.query.code); });\n'),
    ],
    { jobs: 1 },
  );
  assert.deepEqual(result.summary.languages, { javascript: 2 });
  assert.deepEqual(result.summary.warnings.map((w) => w.file), ['routes/broken-route.js']);
  assert.equal(result.summary.partiallyParsed, 1);
  assert.deepEqual(result.findings.map((f) => `${f.file}:${f.line} ${f.type}`), ['routes/broken-route.js:3 CODE_INJECTION']);
});

test('TypeScript declaration files are not parsed, but are read for secrets', async () => {
  const declaration = `export declare function query(sql: string): void;\nexport declare const GITHUB_TOKEN = "ghp_${'a1B2c3D4e5'.repeat(3)}abcDEF";\n`;
  const result = await scanSourceFiles([file('types/api.d.ts', declaration)], { jobs: 1 });
  assert.deepEqual(result.summary.languages, {});
  assert.deepEqual(result.findings.map((f) => f.type), ['HARDCODED_SECRET']);
});

test('a cancelled scan stops with an AbortError', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(scanSourceFiles([file('a.js', VULNERABLE)], { jobs: 1, signal: controller.signal }), { name: 'AbortError' });
});

test('a password the tree\'s own SQL setup script sets is its published default; other credentials stay, with or without the cache', async () => {
  // Fake values made for this test.
  const setup = [
    "CREATE DATABASE shop;",
    "CREATE USER 'shop'@'%' IDENTIFIED BY 'Qv7sKpW#2931x';",
    "GRANT ALL PRIVILEGES ON shop.* TO 'shop'@'%';",
    "CREATE ROLE reporting LOGIN ENCRYPTED PASSWORD 'Rp4xKw92Lm';",
    "CREATE LOGIN etl WITH PASSWORD = 'Et9LqW2zPx7c';",
  ].join('\n');
  const config = [
    'spring:',
    '  datasource:',
    '    username: shop',
    '    password: Qv7sKpW#2931x',
    'reporting:',
    "  url: postgres://reporting:Rp4xKw92Lm@db.internal:5432/reports",
    'etl: "Server=sql.internal;User Id=etl;Password=Et9LqW2zPx7c;"',
    'mail:',
    '  password: Zf8mailPw#4417',
    'payments:',
    '  api_key: "sk_live_51HqLyjWDarjtT1zdp7dc9X2kQ4wPzR8mN6"',
  ].join('\n');
  const compose = ['services:', '  db:', '    image: mysql:8', '    ports:', '      - "3306:3306"', '    environment:', '      MYSQL_ROOT_PASSWORD: Qv7sKpW#2931x', ''].join('\n');
  const files = [file('db/schema.sql', setup), file('config/application.yml', config), file('docker-compose.yml', compose)];
  const cacheDir = tempDir();
  try {
    for (const run of ['first', 'cached']) {
      const { findings } = await scanSourceFiles(files, { jobs: 1, cacheDir });
      const secrets = findings.filter((f) => f.type === 'HARDCODED_SECRET').map((f) => `${f.file}:${f.line} ${f.ruleId}`);
      assert.deepEqual(secrets, ['config/application.yml:9 secrets.generic-credential', 'config/application.yml:11 secrets.stripe-secret-key'], run);
    }
    // Without the script in the scan, the same values are reported.
    const alone = await scanSourceFiles(files.slice(1), { jobs: 1 });
    const lines = alone.findings.filter((f) => f.type === 'HARDCODED_SECRET').map((f) => `${f.file}:${f.line}`);
    assert.deepEqual(lines, ['config/application.yml:4', 'config/application.yml:6', 'config/application.yml:7', 'config/application.yml:9', 'config/application.yml:11', 'docker-compose.yml:7']);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test("a Dockerfile's health probe is left alone by the rules quiet in test code; its injections, and the same code elsewhere, are reported", async () => {
  const probe = [
    'package main',
    '',
    'import (',
    '\t"crypto/tls"',
    '\t"net/http"',
    '\t"os"',
    '\t"os/exec"',
    ')',
    '',
    'func main() {',
    '\thttp.DefaultTransport.(*http.Transport).TLSClientConfig = &tls.Config{InsecureSkipVerify: true}',
    '\tresp, err := http.Get("https://127.0.0.1:" + os.Getenv("PORT"))',
    '\tif err != nil || resp.StatusCode != 200 {',
    '\t\tos.Exit(1)',
    '\t}',
    '}',
    '',
    'func handler(w http.ResponseWriter, r *http.Request) {',
    '\texec.Command("sh", "-c", r.URL.Query().Get("cmd")).Run()',
    '}',
    '',
  ].join('\n');
  const rulesOf = (findings: { file: string; line: number; ruleId: string }[]) => findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort();
  const insecure = 'tools/healthcheck.go:11 go.tls-insecure-skip-verify';
  const injection = 'tools/healthcheck.go:19 go.command-injection';
  // Shell form, with options and a continuation line; the exec form; a system tool is no probe.
  const dockerfiles = [
    'FROM golang:1.22\nCOPY . /src\nHEALTHCHECK --interval=60s --timeout=30s \\\n  CMD tools/healthcheck || exit 1\n',
    'FROM node:20\nHEALTHCHECK CMD ["/app/bin/healthcheck", "--port", "3000"]\n',
  ];
  for (const dockerfile of dockerfiles) {
    const { findings } = await scanSourceFiles([file('tools/healthcheck.go', probe), file('docker/Dockerfile', dockerfile)], { jobs: 1 });
    assert.deepEqual(rulesOf(findings), [injection], dockerfile);
  }
  const curl = 'FROM alpine\nHEALTHCHECK CMD /usr/bin/curl -fk https://localhost:8443/healthcheck || exit 1\n';
  const others = [[], [file('Dockerfile', curl)], [file('Dockerfile', 'FROM alpine\nHEALTHCHECK NONE\n')]];
  for (const extra of others) {
    const { findings } = await scanSourceFiles([file('tools/healthcheck.go', probe), ...extra], { jobs: 1 });
    assert.deepEqual(rulesOf(findings), [insecure, injection].sort(), extra[0]?.path ?? 'no Dockerfile');
  }
});

test("a health probe run as a subcommand of the project's program is the file named for it", async () => {
  const subcommand = (name: string) =>
    [
      'package cmd',
      '',
      'import (',
      '\t"crypto/tls"',
      '\t"net/http"',
      ')',
      '',
      `func Run${name}() int {`,
      '\thttp.DefaultTransport.(*http.Transport).TLSClientConfig = &tls.Config{InsecureSkipVerify: true}',
      '\tresp, err := http.Get("https://localhost:3000/_health")',
      '\tif err != nil || resp.StatusCode >= 400 {',
      '\t\treturn 1',
      '\t}',
      '\treturn 0',
      '}',
      '',
    ].join('\n');
  const file = (p: string, text: string) => ({ path: p, content: Buffer.from(text) });
  const files = [file('app/cmd/ping.go', subcommand('Ping')), file('app/cmd/serve.go', subcommand('Serve'))];
  const reported = async (dockerfile: string) =>
    (await scanSourceFiles([...files, file('Dockerfile', dockerfile)], { jobs: 1 })).findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort();
  const serve = 'app/cmd/serve.go:9 go.tls-insecure-skip-verify';
  const ping = 'app/cmd/ping.go:9 go.tls-insecure-skip-verify';
  assert.deepEqual(await reported('FROM alpine\nHEALTHCHECK --timeout=5s CMD ./fider ping\n'), [serve]);
  assert.deepEqual(await reported('FROM alpine\nHEALTHCHECK CMD ["/app/fider", "ping"]\n'), [serve]);
  // An option's value, or a word after a system tool, names no subcommand.
  assert.deepEqual(await reported('FROM alpine\nHEALTHCHECK CMD ./fider --mode ping\n'), [ping, serve]);
  assert.deepEqual(await reported('FROM alpine\nHEALTHCHECK CMD /usr/bin/wget ping\n'), [ping, serve]);
});
