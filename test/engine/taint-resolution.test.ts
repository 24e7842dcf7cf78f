// Calls into other files resolve only through what the code says about the receiver:
// an import binding, a declared or constructed class, the class's own bases. A method
// name shared with an unrelated function elsewhere links nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { ruleFields } from '../helpers/test-rules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'scanner-resolution-'));
after(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'resolution.yaml'),
  `rules:
${ruleFields('resolution.sink', '[javascript, typescript, python, java, go, php, csharp, ruby]', 'FLOW_TEST', 20)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^(input|read_input|readInput|ReadInput|read_input)\\(\\)$'
      sinks:
        - callee: '(^|\\.)(runQuery|run_query|RunQuery)$'
      sanitizers:
        - guard: '\\bMatchString\\('
`,
);
const rules = loadRuleSet([dir]);

/** Sink lines per file, as `file:line`. */
async function sinks(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'FLOW_TEST').map((f) => `${f.file}:${f.line}`).sort();
}

// A module of the same folder whose `get`/`delete` run a query with their argument.
const pluginsJs = ['export function get(key) {', '  runQuery(key);', '}', 'export function remove(key) {', '  runQuery(key);', '}'].join('\n');

test('JavaScript: a method of an unknown receiver does not run a namesake in another file; an imported module does', async () => {
  const handler = [
    "import plugins from './plugins';",
    'export function show(config) {',
    '  const key = input();',
    '  config.get(key);',
    '  plugins.remove(key);',
    '}',
  ].join('\n');
  assert.deepEqual(await sinks({ 'src/handler.js': handler, 'src/plugins.js': pluginsJs }), ['src/plugins.js:5']);
});

test('TypeScript: `this.field` resolves through the class of a promoted constructor parameter, not through a field name', async () => {
  const controller = [
    "import { UserService } from './user.service';",
    'export class UsersController {',
    '  constructor(private readonly users: UserService, private readonly cache: Cache) {}',
    '  show() {',
    '    const id = input();',
    '    this.cache.find(id);',
    '    return this.users.find(id);',
    '  }',
    '}',
  ].join('\n');
  const service = ['export class UserService {', '  find(id: string) {', '    return runQuery(id);', '  }', '}'].join('\n');
  const unrelated = ['export class FileStore {', '  find(name: string) {', '    return runQuery(name);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'src/users.controller.ts': controller, 'src/user.service.ts': service, 'src/file-store.ts': unrelated }), ['src/user.service.ts:3']);
});

test('TypeScript: a path alias import (`@server/…`) binds the module it names', async () => {
  const route = ["import Logger from '@server/logging/Logger';", 'export function handle() {', '  Logger.warn(input());', '}'].join('\n');
  const serverLogger = ['export default class Logger {', '  static warn(message: string) {', '    runQuery(message);', '  }', '}'].join('\n');
  const clientLogger = ['export default class Logger {', '  static warn(message: string) {', '    runQuery(message);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'server/routes/x.ts': route, 'server/logging/Logger.ts': serverLogger, 'app/utils/Logger.ts': clientLogger }), [
    'server/logging/Logger.ts:3',
  ]);
});

test('Python: modules imported by name and instances of imported classes resolve; a bare attribute call does not', async () => {
  const view = [
    'from . import helpers',
    'from .services import ReportService',
    '',
    'def export(cache):',
    '    name = read_input()',
    '    cache.delete(name)',
    '    helpers.store(name)',
    '    service = ReportService()',
    '    service.build(name)',
  ].join('\n');
  const helpers = ['def store(value):', '    run_query(value)', '', 'def delete(value):', '    run_query(value)'].join('\n');
  const services = ['class ReportService:', '    def build(self, name):', '        run_query(name)'].join('\n');
  assert.deepEqual(await sinks({ 'app/views.py': view, 'app/helpers.py': helpers, 'app/services.py': services }), ['app/helpers.py:2', 'app/services.py:3']);
});

test('Java: a field of a declared class resolves into that class, also from a method analysed across files', async () => {
  const controller = [
    'package app;',
    'class ReportController {',
    '  private ReportService reports;',
    '  private Cache cache;',
    '  void show() {',
    '    String name = input();',
    '    cache.remove(name);',
    '    reports.build(name);',
    '  }',
    '}',
  ].join('\n');
  const service = ['package app;', 'class ReportService {', '  void build(String name) {', '    runQuery(name);', '  }', '}'].join('\n');
  const files = ['package app;', 'class FileStore {', '  void remove(String name) {', '    runQuery(name);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'app/ReportController.java': controller, 'app/ReportService.java': service, 'app/FileStore.java': files }), [
    'app/ReportService.java:4',
  ]);
});

test('Go: a package function resolves through the import path; a method of an unknown value does not', async () => {
  const handler = [
    'package api',
    '',
    'import "example.com/app/store"',
    '',
    'func Handle(c Cache) {',
    '\tname := ReadInput()',
    '\tc.Delete(name)',
    '\tstore.Save(name)',
    '}',
  ].join('\n');
  const store = ['package store', '', 'func Save(name string) {', '\tRunQuery(name)', '}'].join('\n');
  const files = ['package api', '', 'type Files struct{}', '', 'func (f *Files) Delete(name string) {', '\tRunQuery(name)', '}'].join('\n');
  assert.deepEqual(await sinks({ 'api/handler.go': handler, 'store/store.go': store, 'api/files.go': files }), ['store/store.go:4']);
});

test('Go: a method resolves on a value whose type the code gives: var r Repo, &Repo{}, NewRepo(), store.NewUsers()', async () => {
  const handler = [
    'package api',
    '',
    'import "example.com/app/store"',
    '',
    'func Handle() {',
    '\tname := ReadInput()',
    '\tvar r Repo',
    '\tr.Load(name)',
    '\tp := &Repo{}',
    '\tp.Save(name)',
    '\tq := NewRepo()',
    '\tq.Drop(name)',
    '\tu := store.NewUsers()',
    '\tu.Find(name)',
    '\tc := Cache{}',
    '\tc.Load(name)',
    '}',
  ].join('\n');
  const repo = [
    'package api',
    '',
    'type Repo struct{}',
    '',
    'func NewRepo() *Repo { return &Repo{} }',
    '',
    'func (r *Repo) Load(name string) {',
    '\tRunQuery(name)',
    '}',
    '',
    'func (r Repo) Save(name string) {',
    '\tRunQuery(name)',
    '}',
    '',
    'func (r *Repo) Drop(name string) {',
    '\tRunQuery(name)',
    '}',
  ].join('\n');
  // A method of the same name on another type is not where `c.Load` goes.
  const cache = ['package api', '', 'type Cache struct{}', '', 'type Files struct{}', '', 'func (f *Files) Load(name string) {', '\tRunQuery(name)', '}'].join('\n');
  const users = ['package store', '', 'type Users struct{}', '', 'func NewUsers() *Users { return &Users{} }', '', 'func (u *Users) Find(name string) {', '\tRunQuery(name)', '}'].join('\n');
  assert.deepEqual(await sinks({ 'api/handler.go': handler, 'api/repo.go': repo, 'api/cache.go': cache, 'store/users.go': users }), [
    'api/repo.go:12',
    'api/repo.go:16',
    'api/repo.go:8',
    'store/users.go:8',
  ]);
});

test('JavaScript: a binding of a module that exports one function calls that function, whatever its own name', async () => {
  const app = [
    "const check = require('./auth');",
    "import render from './render';",
    "const { other } = require('./other');",
    'export function handle() {',
    '  const name = readInput();',
    '  check(name);',
    '  render(name);',
    '  other(name);',
    '}',
  ].join('\n');
  const auth = ['function do_auth(user) {', '  runQuery(user);', '}', 'module.exports = do_auth;'].join('\n');
  const render = ['export default function renderPage(name) {', '  runQuery(name);', '}'].join('\n');
  // A default export is not reached through a destructured name it does not have.
  const other = ['function helper(name) {', '  runQuery(name);', '}', 'module.exports = helper;'].join('\n');
  assert.deepEqual(await sinks({ 'src/app.js': app, 'src/auth.js': auth, 'src/render.js': render, 'src/other.js': other }), ['src/auth.js:2', 'src/render.js:2']);
});

test('C#: a typed field, a constructed receiver and a class of a used or shared namespace in another folder resolve', async () => {
  const controller = [
    'using App.Reports;',
    'namespace App.Web',
    '{',
    '    public class UsersController',
    '    {',
    '        private readonly IUserQueries _queries;',
    '        public UsersController(IUserQueries queries) { _queries = queries; }',
    '        public void Find()',
    '        {',
    '            var name = ReadInput();',
    '            _queries.ByName(name);',
    '            new ReportBuilder().Build(name);',
    '            new Exporter().Export(name);',
    '            new Archive().Store(name);',
    '        }',
    '    }',
    '}',
  ].join('\n');
  const queries = ['namespace App.Web', '{', '    public interface IUserQueries { void ByName(string name); }', '    public class SqlUserQueries : IUserQueries', '    {', '        public void ByName(string name) { RunQuery(name); }', '    }', '}'].join('\n');
  // Another folder, a namespace the controller uses; a file not named like the class.
  const reports = ['namespace App.Reports', '{', '    public class ReportBuilder', '    {', '        public void Build(string name) { RunQuery(name); }', '    }', '}'].join('\n');
  // Another folder, the controller's own namespace (file-scoped).
  const exporter = ['namespace App.Web;', '', 'public class Exporter', '{', '    public void Export(string name) { RunQuery(name); }', '}'].join('\n');
  // A namespace the controller neither declares nor uses.
  const archive = ['namespace App.Other', '{', '    public class Archive', '    {', '        public void Store(string name) { RunQuery(name); }', '    }', '}'].join('\n');
  assert.deepEqual(
    await sinks({ 'Web/UsersController.cs': controller, 'Web/UserQueries.cs': queries, 'Lib/Reports/Builders.cs': reports, 'Lib/Export/Tools.cs': exporter, 'Lib/Other/Things.cs': archive }),
    ['Lib/Export/Tools.cs:5', 'Lib/Reports/Builders.cs:5', 'Web/UserQueries.cs:6'],
  );
});

test('C#: a local declared with a type is that type (var is not a type)', async () => {
  const controller = [
    'namespace App.Web',
    '{',
    '    public class SearchController',
    '    {',
    '        public void Find()',
    '        {',
    '            var name = ReadInput();',
    '            IIndex index = Indexes.Open();',
    '            index.Search(name);',
    '        }',
    '    }',
    '}',
  ].join('\n');
  const index = ['namespace App.Web', '{', '    public interface IIndex { void Search(string q); }', '    public class SqlIndex : IIndex', '    {', '        public void Search(string q) { RunQuery(q); }', '    }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'Web/SearchController.cs': controller, 'Lib/Index.cs': index }), ['Lib/Index.cs:6']);
});

test('PHP: `$this->repo` resolves through the typed property; `$cache->forget()` does not reach a namesake', async () => {
  const controller = [
    '<?php',
    'class ReportController {',
    '  public function __construct(private ReportRepository $repo) {}',
    '  public function show($cache) {',
    '    $name = input();',
    '    $cache->forget($name);',
    '    $this->repo->build($name);',
    '  }',
    '}',
  ].join('\n');
  const repo = ['<?php', 'class ReportRepository {', '  public function build($name) {', '    runQuery($name);', '  }', '}'].join('\n');
  const files = ['<?php', 'class FileStore {', '  public function forget($name) {', '    runQuery($name);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'app/ReportController.php': controller, 'app/ReportRepository.php': repo, 'app/FileStore.php': files }), [
    'app/ReportRepository.php:4',
  ]);
});

test('inherited methods: `this.m()` reaches the base class the class names, not a namesake beside it', async () => {
  const base = ['export class BaseController {', '  audit(value) {', '    runQuery(value);', '  }', '}'].join('\n');
  const other = ['export class Exporter {', '  audit(value) {', '    runQuery(value);', '  }', '}'].join('\n');
  const controller = [
    "import { BaseController } from './base-controller';",
    'export class ReportController extends BaseController {',
    '  show() {',
    '    this.audit(input());',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(await sinks({ 'src/report-controller.js': controller, 'src/base-controller.js': base, 'src/exporter.js': other }), ['src/base-controller.js:3']);
});

test('C#: a primary-constructor parameter of an interface type resolves to the class implementing it', async () => {
  const controller = [
    'public class ReportController(IReportService reports, ICache cache) : Controller {',
    '  public void Show() {',
    '    var name = ReadInput();',
    '    cache.Remove(name);',
    '    reports.Build(name);',
    '  }',
    '}',
  ].join('\n');
  const contract = ['public interface IReportService {', '  void Build(string name);', '}'].join('\n');
  const service = ['public class ReportService : IReportService {', '  public void Build(string name) {', '    RunQuery(name);', '  }', '}'].join('\n');
  const store = ['public class FileStore {', '  public void Remove(string name) {', '    RunQuery(name);', '  }', '}'].join('\n');
  assert.deepEqual(
    await sinks({ 'Web/ReportController.cs': controller, 'Core/IReportService.cs': contract, 'Core/ReportService.cs': service, 'Web/FileStore.cs': store }),
    ['Core/ReportService.cs:3'],
  );
});

test('values returned by position stay apart: an error built from the input is not the record returned beside it', async () => {
  const go = [
    'package api',
    '',
    'func find(name string) (*Record, error) {',
    '\tif name == "" {',
    '\t\treturn nil, fmt.Errorf("no record %s", name)',
    '\t}',
    '\treturn lookup(), nil',
    '}',
    '',
    'func Handle() {',
    '\trec, err := find(ReadInput())',
    '\tRunQuery(rec.ID)',
    '\tRunQuery(err.Error())',
    '}',
  ].join('\n');
  const py = [
    'def parse(raw):',
    '    return raw.strip(), None',
    '',
    'def handle():',
    '    value, problem = parse(read_input())',
    '    run_query(problem)',
    '    run_query(value)',
  ].join('\n');
  assert.deepEqual(await sinks({ 'api/handler.go': go, 'app/handler.py': py }), ['api/handler.go:13', 'app/handler.py:7']);
});

test('Python: a field one class sets from untrusted data is read by that class only, not by another class of the file', async () => {
  const views = [
    'class SearchView:',
    '    def get(self):',
    '        self.queryset = input()',
    '        return self.render()',
    '',
    '    def render(self):',
    '        return run_query(self.queryset)',
    '',
    '',
    'class ExportView:',
    '    def post(self):',
    '        return run_query(self.queryset)',
  ].join('\n');
  assert.deepEqual(await sinks({ 'app/views.py': views }), ['app/views.py:7']);
});

test('Go: a predicate in another file of the package (`func filterField(f string) bool { return re.MatchString(f) }`) guards the call site', async () => {
  const check = ['package object', '', 'var reField = regexp.MustCompile(`^[a-z_]+$`)', '', 'func filterField(field string) bool {', '\treturn reField.MatchString(field)', '}'].join('\n');
  const adapter = [
    'package object',
    '',
    'func Sorted() {',
    '\tfield := ReadInput()',
    '\tif filterField(field) {',
    '\t\tRunQuery(field)',
    '\t}',
    '\tRunQuery(field)',
    '}',
  ].join('\n');
  assert.deepEqual(await sinks({ 'object/check.go': check, 'object/adapter.go': adapter }), ['object/adapter.go:8']);
});

test('Python and JavaScript: a function or module imported under another name (`import … as …`) or from its package (`from app import reports`) resolves to what it names', async () => {
  const view = [
    'from app.net import fetch as grab',
    'from . import helpers as h',
    'from app import reports',
    '',
    'def three():',
    '    reports.build(read_input())',
    '',
    'def one():',
    '    grab(read_input())',
    '',
    'def two():',
    '    h.store(read_input())',
  ].join('\n');
  const net = ['def fetch(url):', '    run_query(url)', '', 'def grab(url):', '    pass'].join('\n');
  const helpers = ['def store(value):', '    run_query(value)'].join('\n');
  const reports = ['def build(name):', '    run_query(name)'].join('\n');
  assert.deepEqual(await sinks({ 'app/views.py': view, 'app/net.py': net, 'app/helpers.py': helpers, 'app/reports.py': reports }), [
    'app/helpers.py:2',
    'app/net.py:2',
    'app/reports.py:2',
  ]);
  const route = ["import { lookup as find } from './db';", 'export function show() {', '  find(readInput());', '}'].join('\n');
  const db = ['export function lookup(name) {', '  runQuery(name);', '}'].join('\n');
  assert.deepEqual(await sinks({ 'src/route.js': route, 'src/db.js': db }), ['src/db.js:2']);
});

test('PHP: untrusted data passed to a global function of any file is followed into it (one name, one function); not into a method of that name', async () => {
  const page = ['<?php', "include('./include/auth.php');", 'show_value(readInput());', 'function local_only() {}'].join('\n');
  const lib = ['<?php', 'if (!function_exists("show_value")) {', '  function show_value($v) {', '    runQuery($v);', '  }', '}'].join('\n');
  const other = ['<?php', 'class Cache {', '  function store_value($v) {', '    runQuery($v);', '  }', '}'].join('\n');
  const caller = ['<?php', 'store_value(readInput());'].join('\n');
  assert.deepEqual(await sinks({ 'pages/page.php': page, 'lib/util.php': lib, 'lib/cache.php': other, 'pages/other.php': caller }), ['lib/util.php:4']);
});

test('TypeScript: a controller method calling the service method of the same name runs the service, not itself', async () => {
  const controller = [
    "import { ProductsService } from './products.service';",
    "import * as items from './items';",
    'export class ProductsController {',
    '  constructor(private readonly products: ProductsService) {}',
    '  findOne() {',
    '    return this.products.findOne(readInput());',
    '  }',
    '  search() {',
    '    return items.search(readInput());',
    '  }',
    '}',
    'export function search(q: string) {',
    '  return q;',
    '}',
  ].join('\n');
  const service = ['export class ProductsService {', '  findOne(id: string) {', '    return runQuery(id);', '  }', '}'].join('\n');
  const itemsTs = ['export function search(q: string) {', '  return runQuery(q);', '}'].join('\n');
  assert.deepEqual(await sinks({ 'src/products.controller.ts': controller, 'src/products.service.ts': service, 'src/items.ts': itemsTs }), [
    'src/items.ts:2',
    'src/products.service.ts:3',
  ]);
});

test('values added to a list or builder (`push`, `append`, `Append`) are in it', async () => {
  const js = ['export function update() {', '  const sets = [];', '  sets.push(`name = ${readInput()}`);', "  runQuery('UPDATE u SET ' + sets.join(', '));", '}'].join('\n');
  const py = ['def update():', '    sets = []', '    sets.append("name = " + read_input())', '    run_query("UPDATE u SET " + ", ".join(sets))'].join('\n');
  const cs = [
    'class Repo {',
    '  void Update() {',
    '    var sql = new StringBuilder("UPDATE u SET name = ");',
    '    sql.Append(ReadInput());',
    '    RunQuery(sql.ToString());',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(await sinks({ 'src/update.js': js, 'app/update.py': py, 'Data/Repo.cs': cs }), ['Data/Repo.cs:5', 'app/update.py:4', 'src/update.js:4']);
});

test('TypeScript: a class imported through a barrel (`index.ts` with `export * from`) resolves into the module that defines it', async () => {
  const controller = [
    "import { CatalogService } from '../catalog';",
    'export class CatalogController {',
    '  constructor(private readonly catalog: CatalogService) {}',
    '  search() {',
    '    return this.catalog.search(readInput());',
    '  }',
    '}',
  ].join('\n');
  const barrel = ["export * from './service';", "export * from './types';"].join('\n');
  const service = ['export class CatalogService {', '  search(q: string) {', '    return runQuery(q);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'src/api/catalog.controller.ts': controller, 'src/catalog/index.ts': barrel, 'src/catalog/service.ts': service, 'src/catalog/types.ts': 'export type Q = string;' }), [
    'src/catalog/service.ts:3',
  ]);
});

test('Python and JavaScript: an instance a module makes at its top level and another file imports (`from . import store`) runs its class’s methods', async () => {
  // The package's `__init__.py` makes the instance; the class lives in a module beside it.
  const view = ['from . import store', '', 'def save():', '    store.save(read_input())'].join('\n');
  const init = ['from . import db', '', 'store = db.Library(None)'].join('\n');
  const library = ['class Library:', '    def __init__(self, app):', '        self.app = app', '', '    def save(self, name):', '        run_query(name)'].join('\n');
  const unrelated = ['class FileStore:', '    def save(self, name):', '        run_query(name)'].join('\n');
  assert.deepEqual(await sinks({ 'app/views.py': view, 'app/__init__.py': init, 'app/db.py': library, 'app/files.py': unrelated }), ['app/db.py:6']);
  const route = ["import { store } from './store';", 'export function show() {', '  store.save(readInput());', '}'].join('\n');
  const made = ["import { Library } from './library';", 'export const store = new Library();'].join('\n');
  const cls = ['export class Library {', '  save(name) {', '    runQuery(name);', '  }', '}'].join('\n');
  assert.deepEqual(await sinks({ 'src/route.js': route, 'src/store.js': made, 'src/library.js': cls }), ['src/library.js:3']);
});

test('JavaScript: a folder name inside another require path (`./store/loader.js`) does not rebind the module a declaration names (`const store = require(…)`)', async () => {
  const route = [
    "const store = require('./store/store.js');",
    "const storeLoader = require('./store/loader.js');",
    'function show() {',
    '  storeLoader.ensureLoad();',
    '  return store.save(readInput());',
    '}',
    'module.exports = { show };',
  ].join('\n');
  const made = ['class Store {', '  save(name) {', '    runQuery(name);', '  }', '}', 'const store = new Store();', 'module.exports = store;'].join('\n');
  const loader = ['function ensureLoad() {}', 'module.exports = { ensureLoad };'].join('\n');
  assert.deepEqual(await sinks({ 'src/route.js': route, 'src/store/store.js': made, 'src/store/loader.js': loader }), ['src/store/store.js:3']);
});

test('JavaScript: a function that requires a module in its body binds only the name it declares, not every word of the body', async () => {
  // `register` requires `./format` for its handler; `store` in the nested helper is still the top-level import.
  const route = [
    "const store = require('./store/store.js');",
    'function register(router) {',
    '  function renderOther(item) {',
    '    return store.save(item.otherId);',
    '  }',
    "  router.get('/x', (req, res) => {",
    "    const format = require('./format.js');",
    '    store.save(readInput());',
    '    format.title(readInput());',
    '  });',
    '}',
    'module.exports = { register };',
  ].join('\n');
  const made = ['class Store {', '  save(name) {', '    runQuery(name);', '  }', '}', 'const store = new Store();', 'module.exports = store;'].join('\n');
  const format = ['function title(t) {', '  runQuery(t);', '}', 'module.exports = { title };'].join('\n');
  assert.deepEqual(await sinks({ 'src/route.js': route, 'src/store/store.js': made, 'src/format.js': format }), ['src/format.js:2', 'src/store/store.js:3']);
});
