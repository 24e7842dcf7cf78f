// PHP, Ruby (with ERB) and C# through the shared engine: the general engine
// features these languages needed, and files that only partly parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, type SourceFile } from '../../src/engine/index.ts';
import { detectLanguage } from '../../src/engine/languages/index.ts';

function file(p: string, text: string): SourceFile {
  return { path: p, content: Buffer.from(text) };
}

async function scan(...files: SourceFile[]) {
  return scanSourceFiles(files, { jobs: 1 });
}

function lines(findings: { file: string; line: number; type: string }[], type: string): string[] {
  return findings.filter((f) => f.type === type).map((f) => `${f.file}:${f.line}`);
}

test('languages are detected by extension, ERB views and PHP templates included', () => {
  assert.equal(detectLanguage('public/index.php', '')?.id, 'php');
  assert.equal(detectLanguage('app/views/pages/show.html.erb', '')?.id, 'erb');
  assert.equal(detectLanguage('app/models/user.rb', '')?.id, 'ruby');
  assert.equal(detectLanguage('bin/task', '#!/usr/bin/env ruby\nputs 1\n')?.id, 'ruby');
  assert.equal(detectLanguage('Controllers/HomeController.cs', '')?.id, 'csharp');
});

test('PHP: superglobals, subscripts without field names and string interpolation reach a sink', async () => {
  const { findings } = await scan(file('a.php', `<?php\n$id = $_GET['id'];\n$db->query("SELECT * FROM t WHERE id = $id");\n`));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['a.php:3']);
});

test('PHP: a guard in one branch does not clean the variable in the other branch', async () => {
  const text = `<?php
$sku = $_GET['sku'];
if (isset($_GET['strict'])) {
    if (preg_match('/^[A-Z]+$/', $sku) !== 1) {
        exit;
    }
    $db->query("SELECT * FROM p WHERE sku = '$sku'");
} else {
    $db->query("SELECT * FROM p WHERE sku = '$sku'");
}
`;
  const { findings } = await scan(file('b.php', text));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['b.php:9']);
});

test('PHP: casts, ternaries with an allow-list and lookup tables give clean values', async () => {
  const text = `<?php
$n = (int) $_GET['n'];
$db->query("SELECT * FROM t LIMIT $n");
$sort = in_array($_GET['s'], ['a', 'b'], true) ? $_GET['s'] : 'a';
$col = ['x' => 'name'][$_GET['c']] ?? 'id';
$db->query("SELECT * FROM t ORDER BY $col");
`;
  const { findings } = await scan(file('c.php', text));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), []);
});

test('PHP: echo, <?= ?> and backticks are node sinks; a variable class name is reflection', async () => {
  const text = `<?php $q = $_GET['q']; echo "<b>$q</b>"; ?>
<p><?= $q ?></p>
<?php
$out = \`whois $q\`;
$cls = $_POST['c'];
$o = new $cls();
`;
  const { findings } = await scan(file('d.php', text));
  assert.deepEqual(lines(findings, 'XSS'), ['d.php:1', 'd.php:2']);
  assert.deepEqual(lines(findings, 'COMMAND_INJECTION'), ['d.php:4']);
  assert.deepEqual(lines(findings, 'UNSAFE_REFLECTION'), ['d.php:6']);
});

test('PHP: a flow into a method of another file is reported at the sink in that file', async () => {
  const page = `<?php\nuse App\\Repository\\Users;\n$users = new Users($pdo);\n$users->byName($_GET['name']);\n`;
  const repo = `<?php\nnamespace App\\Repository;\nclass Users {\n  public function byName(string $n) {\n    return $this->pdo->query("SELECT * FROM u WHERE n = '$n'");\n  }\n}\n`;
  const { findings } = await scan(file('public/users.php', page), file('src/Repository/Users.php', repo));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['src/Repository/Users.php:5']);
  const trace = findings.find((f) => f.type === 'SQL_INJECTION')?.trace ?? [];
  assert.equal(trace[0]?.file, 'public/users.php');
});

test('PHP: a template with broken HTML and a syntax error is analysed as far as it parses and counted', async () => {
  const text = `<html><body><div <?php echo "x"; ?>>
<?php $q = $_GET['q']; echo "<p>$q</p>"; ?>
<?php if ($a { ?> <p> <?php } ?>
</div`;
  const { findings, summary } = await scan(file('broken.php', text));
  assert.equal(summary.partiallyParsed, 1);
  assert.ok(summary.warnings.some((w) => w.file === 'broken.php' && /syntax errors/.test(w.message)));
  assert.deepEqual(lines(findings, 'XSS'), ['broken.php:2']);
});

test('Ruby: params without parentheses, interpolation, blocks and sanitizers at the end of a chain', async () => {
  const text = `class UsersController < ApplicationController
  def search
    User.where("name = '#{params[:name]}'")
    days = params[:days].to_i
    User.where("age > #{days}")
    [1, 2].each do |i|
      system "echo #{params[:x]}"
    end
  end
end
`;
  const { findings } = await scan(file('app/controllers/users_controller.rb', text));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['app/controllers/users_controller.rb:3']);
  assert.deepEqual(lines(findings, 'COMMAND_INJECTION'), ['app/controllers/users_controller.rb:7']);
});

test('Ruby: a call on a class name resolves into the model file even when the directory has a method of that name', async () => {
  const controller = `class ReportsController < ApplicationController\n  def index\n    Report.search(params[:q])\n  end\nend\n`;
  const other = `class UsersController < ApplicationController\n  def search\n    head :ok\n  end\nend\n`;
  const model = `class Report < ApplicationRecord\n  def self.search(term)\n    where("title LIKE '%#{term}%'")\n  end\nend\n`;
  const { findings } = await scan(
    file('app/controllers/reports_controller.rb', controller),
    file('app/controllers/users_controller.rb', other),
    file('app/models/report.rb', model),
  );
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['app/models/report.rb:3']);
});

test('Ruby: a heredoc the grammar cannot place still leaves the rest of the file analysed', async () => {
  const text = `class A < ApplicationController
  def show
    sql = <<~SQL
      SELECT * FROM t WHERE a = '#{params[:a]}'
    SQL
    redirect_to params[:next]
  end
  def broken(
end
`;
  const { findings, summary } = await scan(file('a.rb', text));
  assert.equal(summary.partiallyParsed, 1);
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), ['a.rb:6']);
});

test('ERB: Ruby code in a view is parsed with the markup blanked out; positions stay', async () => {
  const text = `<h1><%= @title %></h1>
<% if @items.any? %>
  <p><%= raw params[:intro] %></p>
  <p><%= "Hi <b>#{params[:name]}</b>".html_safe %></p>
<% end %>
<p><%== params[:bio] %></p><p><%= params[:bio] %></p>
`;
  const { findings, summary } = await scan(file('app/views/pages/show.html.erb', text));
  assert.equal(summary.partiallyParsed, 0);
  assert.deepEqual(lines(findings, 'XSS'), ['app/views/pages/show.html.erb:3', 'app/views/pages/show.html.erb:4', 'app/views/pages/show.html.erb:6']);
  const raw = findings.find((f) => f.line === 3);
  assert.equal(raw?.column, 10);
});

test('C#: attributed and conventionally bound action parameters, switch expressions and numeric types', async () => {
  const text = `public class FilesController : ControllerBase
{
    [HttpGet("a")]
    public IActionResult A([FromQuery] string name, int id)
    {
        var ext = name switch { "png" => ".png", _ => ".bin" };
        System.IO.File.ReadAllText("/srv/" + ext);
        System.IO.File.ReadAllText("/srv/" + id);
        return Ok(System.IO.File.ReadAllText(Path.Combine("/srv", name)));
    }
}
`;
  const { findings } = await scan(file('FilesController.cs', text));
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), ['FilesController.cs:9']);
});

test('C#: minimal API handler parameters are sources; a passed check cleans only its own branch', async () => {
  const text = `var app = WebApplication.CreateBuilder(args).Build();
app.MapGet("/go", (string to) =>
{
    if (Url.IsLocalUrl(to))
    {
        return Results.Redirect(to);
    }
    return Results.Redirect(to);
});
`;
  const { findings } = await scan(file('Program.cs', text));
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), ['Program.cs:8']);
});

test('C#: preprocessor directives do not stop the analysis and are counted when they break the parse', async () => {
  const text = `public class C : ControllerBase
{
    [HttpGet]
    public IActionResult A([FromQuery] string q)
    {
#if DEBUG
        var x = 1;
#endif
#pragma warning disable CS0618
        return Content("<b>" + q + "</b>", "text/html");
    }
#if NET8_0
    public void B() {
#else
    public void B(int a) {
#endif
    }
}
`;
  const { findings, summary } = await scan(file('C.cs', text));
  assert.deepEqual(lines(findings, 'XSS'), ['C.cs:10']);
  // Both branches of `#if` open a method body: the grammar sees one brace too many.
  assert.equal(summary.partiallyParsed, 1);
  assert.ok(summary.warnings.some((w) => w.file === 'C.cs' && /syntax errors/.test(w.message)));
});

test('Ruby: a bare name calls the method of that name, whose last expression is its value', async () => {
  const text = `class UsersController < ApplicationController
  def create
    User.where("name = '#{search_term}'")
    User.where("name = '#{fixed_term}'")
  end

  private

  def search_term
    if params[:q].present?
      params[:q]
    else
      "anyone"
    end
  end

  def fixed_term
    params[:q]
    "anyone"
  end
end
`;
  const { findings } = await scan(file('users_controller.rb', text));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['users_controller.rb:3']);
});

test('PHP: attributes are read as decorators (#[IsGranted("ROLE_ADMIN")] marks an action only administrators reach)', async () => {
  const controller = (attribute: string) =>
    [
      '<?php',
      'use Symfony\\Component\\HttpFoundation\\Request;',
      'class BackupController {',
      `    ${attribute}`,
      '    public function download(Request $request) {',
      "        return file_get_contents('/var/backups/' . $request->query->get('name'));",
      '    }',
      '}',
    ].join('\n');
  const open = await scan(file('src/Controller/Open.php', controller("#[Route('/backup')]")));
  const admin = await scan(file('src/Controller/Admin.php', controller("#[IsGranted('ROLE_ADMIN')]")));
  assert.deepEqual(lines(open.findings, 'PATH_TRAVERSAL'), ['src/Controller/Open.php:6']);
  assert.deepEqual(lines(admin.findings, 'PATH_TRAVERSAL'), []);
});

test("PHP: a string concatenated with '.' after a constant site path is vetted as in a double-quoted string", async () => {
  const code = [
    '<?php',
    "$shelf = '/shelves/' . $_GET['slug'];",
    "header('Location: ' . $shelf);",
    "$next = $_GET['next'];",
    "header('Location: ' . $next);",
  ].join('\n');
  const { findings } = await scan(file('public/go.php', code));
  assert.deepEqual(lines(findings, 'OPEN_REDIRECT'), ['public/go.php:5']);
});

test('Ruby: a bare call of a method the file defines runs that method, not the framework accessor of the same name', async () => {
  const jar = `require "net/http"
class Fetcher
  def initialize
    @cookies = {}
  end

  def cookies(host)
    @cookies[host] || {}
  end

  def fetch(uri)
    Net::HTTP.get(URI(cookies(uri.host)["next"]))
  end
end
`;
  const controller = `class PagesController < ApplicationController
  def show
    Net::HTTP.get(URI(cookies["next"]))
  end
end
`;
  const { findings } = await scan(file('lib/fetcher.rb', jar), file('app/controllers/pages_controller.rb', controller));
  assert.deepEqual(lines(findings, 'SSRF'), ['app/controllers/pages_controller.rb:3']);
});

test('Ruby: a method called on an unknown value is not the calling controller\u2019s action of the same name', async () => {
  const controller = `class AccountController < ApplicationController
  def login
    successful_authentication(User.current) if request.post?
  rescue AuthError => e
    logger.error "Failed login for #{params[:username]}: #{e.message}"
  end

  def successful_authentication(user)
    logger.info "Successful authentication for #{user.login}"
  end
end
`;
  const { findings } = await scan(file('app/controllers/account_controller.rb', controller));
  assert.deepEqual(lines(findings, 'LOG_INJECTION'), ['app/controllers/account_controller.rb:5']);
});

test('C# LINQ: Select gives what its lambda returns (an entity built field by field), Where the elements themselves', async () => {
  const controller = `using Microsoft.AspNetCore.Mvc;
[ApiController]
public class UsersController : ControllerBase
{
    private readonly AppDbContext _db;
    [HttpPost("import")]
    public IActionResult Import([FromBody] List<User> users)
    {
        var built = users.Select(u => Map(u)).ToList();
        _db.Users.AddRange(built);
        var bound = users.Where(u => u.Active).ToList();
        _db.Users.AddRange(bound);
        return Ok();
    }
    private static User Map(User u) => new User { Name = u.Name };

    [HttpPost("fetch")]
    public async Task<IActionResult> Fetch([FromBody] string svg, [FromServices] HttpClient http)
    {
        var hrefs = System.Xml.Linq.XDocument.Parse(svg).Descendants("image").Select(e => e.Attribute("href")?.Value).ToList();
        foreach (var href in hrefs) await http.GetAsync(href);
        return Ok();
    }
}
`;
  const { findings } = await scan(file('Controllers/UsersController.cs', controller));
  assert.deepEqual(lines(findings, 'MASS_ASSIGNMENT'), ['Controllers/UsersController.cs:12']);
  // The lambda's lone parameter (`e => …`) is each element of the parsed request body.
  assert.deepEqual(lines(findings, 'SSRF'), ['Controllers/UsersController.cs:21']);
});

test('C#: a file whose folder is checked to lie under the root is inside it (Path.GetDirectoryName then StartsWith)', async () => {
  const controller = `using System.IO;
using Microsoft.AspNetCore.Mvc;
[ApiController]
public class SegmentsController : ControllerBase
{
    private const string Root = "/var/cache/transcodes";
    [HttpGet("segments/{segmentId}")]
    public ActionResult Checked([FromRoute] string segmentId)
    {
        var file = Path.GetFullPath(Path.Combine(Root, segmentId));
        var folder = Path.GetDirectoryName(file);
        if (string.IsNullOrEmpty(folder) || !folder.StartsWith(Root))
        {
            return BadRequest();
        }
        return PhysicalFile(file, "video/mp2t");
    }
    [HttpGet("raw/{segmentId}")]
    public ActionResult Unchecked([FromRoute] string segmentId)
    {
        var file = Path.GetFullPath(Path.Combine(Root, segmentId));
        var folder = Path.GetDirectoryName(file);
        return PhysicalFile(file, "video/mp2t");
    }
}
`;
  const { findings } = await scan(file('Controllers/SegmentsController.cs', controller));
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), ['Controllers/SegmentsController.cs:23']);
});

test('Ruby: a bare call runs a method the class inherits or its base class mixes in; an if that ends a method gives its branches\u2019 values', async () => {
  const base = file('app/controllers/application_controller.rb', 'class ApplicationController < ActionController::Base\n  include IntervalHelper\nend\n');
  const controller = file(
    'app/controllers/mod/reports_controller.rb',
    [
      'class Mod::ReportsController < ApplicationController',
      '  def index',
      '    length = time_interval(params[:period])',
      '    Story.where("created_at >= datetime(\'now\', \'-#{length[:dur]} days\')")',
      '    span = raw_interval(params[:period])',
      '    Story.where("created_at >= datetime(\'now\', \'-#{span[:dur]} days\')")',
      '  end',
      'end',
      '',
    ].join('\n'),
  );
  const helper = file(
    'app/helpers/interval_helper.rb',
    [
      'module IntervalHelper',
      '  def time_interval(param)',
      '    if (m = param.to_s.match(/\\A(\\d+)\\z/))',
      '      { dur: m[1].to_i }',
      '    else',
      '      { dur: 1 }',
      '    end',
      '  end',
      '',
      '  def raw_interval(param)',
      '    if param.to_s.match(/\\A(\\d+)\\z/)',
      '      { dur: 1 }',
      '    else',
      '      { dur: param }',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  );
  const { findings } = await scan(base, controller, helper);
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['app/controllers/mod/reports_controller.rb:6']);
});

test('Ruby: a record a controller filter finds (`@scan = ScannedPage.find(id)`) runs its model\u2019s methods in the actions', async () => {
  const controller = [
    'class ScanPreviewsController < ApplicationController',
    '  before_action :find_scan',
    '  def preview',
    '    send_file @scan.preview_path(:width => params[:width])',
    '  end',
    '  def original',
    '    send_file @scan.original_path(params[:name])',
    '  end',
    '  private',
    '  def find_scan',
    '    @scan = ScannedPage.find(params[:id])',
    '  end',
    'end',
    '',
  ].join('\n');
  const model = [
    'class ScannedPage < ApplicationRecord',
    '  def preview_path(options = {})',
    '    width = options[:width].to_i',
    '    width = 200 unless width.positive?',
    '    File.join("/var/lib/scans/previews", "#{id}_#{width}.png")',
    '  end',
    '  def original_path(name)',
    '    File.join("/var/lib/scans", name)',
    '  end',
    'end',
    '',
  ].join('\n');
  const { findings } = await scan(file('app/controllers/scan_previews_controller.rb', controller), file('app/models/scanned_page.rb', model));
  // preview_path turns the width into a number; original_path joins the name as sent. Before the model was
  // followed, the unknown call's result carried the width too (line 4).
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), ['app/controllers/scan_previews_controller.rb:7']);
});

test('Rails: a path parameter every route to the action constrains (a narrow regex, a constraint object) holds what the router admits', async () => {
  const routes = [
    'Rails.application.routes.draw do',
    "  get 'previews/:id(/:size)', :to => 'previews#show', :id => /\\d+/, :size => /\\d+/",
    "  get 'previews/:id/raw/:name', to: 'previews#raw', constraints: { name: /.*/ }",
    "  get 'previews/:id/open/:name', to: 'previews#open', name: /[a-z_]+/",
    "  get 'previews/:id/open', to: 'previews#open'",
    '  constraints Library::KindConstraint do',
    "    get 'things/:kind/:id', :to => 'things#show'",
    "    get 'things/:kind/:id/edit', :to => 'things#edit'",
    '  end',
    "  get 'things/:kind/:id/remove', :to => 'things#remove'",
    'end',
    '',
  ].join('\n');
  const constraint = [
    'module Library',
    '  class KindConstraint',
    '    KINDS = %w[books films]',
    '    def self.matches?(request)',
    '      KINDS.include?(request.path_parameters[:kind])',
    '    end',
    '  end',
    'end',
    '',
  ].join('\n');
  const previews = [
    'class PreviewsController < ApplicationController',
    '  def show',
    '    send_file File.join("/srv/previews", "#{params[:id]}_#{params[:size]}.png")',
    '  end',
    '  def raw',
    '    send_file File.join("/srv/previews", params[:name])',
    '  end',
    '  def open',
    '    send_file File.join("/srv/previews", params[:name])',
    '  end',
    'end',
    '',
  ].join('\n');
  const things = [
    'class ThingsController < ApplicationController',
    '  before_action :find_kind, :only => [:show, :edit]',
    '  before_action :find_other, :only => [:show, :remove]',
    '  def show; end',
    '  def edit; end',
    '  def remove; end',
    '  private',
    '  def find_kind',
    '    @thing = params[:kind].to_s.classify.constantize.find(params[:id])',
    '  end',
    '  def find_other',
    '    @thing = params[:kind].to_s.classify.constantize.find(params[:id])',
    '  end',
    'end',
    '',
  ].join('\n');
  const { findings } = await scan(
    file('config/routes.rb', routes),
    file('lib/library/kind.rb', constraint),
    file('app/controllers/previews_controller.rb', previews),
    file('app/controllers/things_controller.rb', things),
  );
  // show: both parameters are digits. raw: `/.*/` admits anything. open: one of its routes has no :name (the query
  // string's). find_kind runs for show and edit, both inside the constraint block; find_other also for remove.
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), ['app/controllers/previews_controller.rb:6', 'app/controllers/previews_controller.rb:9']);
  assert.deepEqual(lines(findings, 'UNSAFE_REFLECTION'), ['app/controllers/things_controller.rb:12']);
});

test('Ruby: an argument condition reads a bare method call as the one expression that method returns', async () => {
  // `where(ticket_params)` is hash conditions when `ticket_params` is `params.…permit(…)`; a method with
  // parameters, with more than one statement, or defined twice in the file is not read.
  const text = `class TicketsController < ApplicationController
  def index
    a = Ticket.where(ticket_params)
    b = Ticket.where(filter_sql)
    c = Ticket.where(scoped_params(1))
    render json: [a, b, c]
  end

  private

  def ticket_params
    params.require(:ticket).permit(:kind, :ref)
  end

  def filter_sql
    params[:filter]
  end

  def scoped_params(n)
    params.require(:ticket).permit(:kind)
  end
end
`;
  const { findings } = await scan(file('app/controllers/tickets_controller.rb', text));
  assert.deepEqual(lines(findings, 'SQL_INJECTION'), ['app/controllers/tickets_controller.rb:4', 'app/controllers/tickets_controller.rb:5']);
});

test('PHP: an array literal keeps each key\'s value apart; the array as a whole and its unkeyed elements carry everything', async () => {
  const page = `<?php
$arr = ['name' => $_GET['n'], 'mode' => 'view'];
echo $arr['mode'];
echo $arr['name'];
echo implode(',', $arr);
$old = array('title' => 'Home', 'q' => $_POST['q']);
echo $old['title'];
$list = [$_GET['a'], 'b'];
echo $list[1];
`;
  const { findings } = await scan(file('page.php', page));
  assert.deepEqual(lines(findings, 'XSS'), ['page.php:4', 'page.php:5', 'page.php:9']);
});

test('C# and PHP: a throw written where a value goes gives it no value, though a sink among its arguments is still seen', async () => {
  const controller = `using Microsoft.AspNetCore.Mvc;
public class ArchiveController : ControllerBase {
    [HttpGet("a/{shelf}")]
    public IActionResult Pick(string shelf) {
        var archive = shelf switch { "old" => "/srv/archive/old.zip", "new" => "/srv/archive/new.zip", _ => throw new ArgumentException("unknown shelf " + shelf) };
        return PhysicalFile(archive, "application/zip");
    }
    [HttpGet("b/{shelf}")]
    public IActionResult Fallback(string shelf) {
        var archive = shelf == "old" ? "/srv/archive/old.zip" : shelf;
        return PhysicalFile(archive ?? throw new InvalidOperationException(shelf), "application/zip");
    }
}
`;
  const page = `<?php
$label = $_GET['label'];
$title = $label === 'home' ? 'Home' : throw new InvalidArgumentException($label);
echo $title;
$name = $_GET['name'] ?: throw new InvalidArgumentException(shell_exec('log ' . $_GET['name']));
`;
  const { findings } = await scan(file('Controllers/ArchiveController.cs', controller), file('pick.php', page));
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), ['Controllers/ArchiveController.cs:11']);
  assert.deepEqual(lines(findings, 'XSS'), []);
  assert.deepEqual(lines(findings, 'COMMAND_INJECTION'), ['pick.php:5']);
});
