<?php
// Admin helpers of a small shop: commands, dynamic code, LDAP, XPath, MongoDB, logs, session.

use Illuminate\Http\Request;

$host = $_GET['host'] ?? '';
// ruleid: COMMAND_INJECTION
system('ping -c 1 ' . $host);
// ok: COMMAND_INJECTION
system('ping -c 1 ' . escapeshellarg($host));
// ruleid: COMMAND_INJECTION
$out = `dig $host`;
$count = (int) ($_GET['count'] ?? 3);
// ok: COMMAND_INJECTION
exec("ping -c $count example.com", $lines);

$expr = $_POST['expr'] ?? '0';
// ruleid: CODE_INJECTION
eval('return ' . $expr . ';');
// ruleid: CODE_INJECTION
$label = preg_replace('/(\w+)/e', $_POST['code'], 'title');

$module = $_GET['module'] ?? 'home';
// ruleid: CODE_INJECTION, PATH_TRAVERSAL
require 'modules/' . $module . '.php';
// ok: CODE_INJECTION, PATH_TRAVERSAL
require 'modules/' . basename($module) . '.php';

$ds = ldap_connect('ldaps://ldap.example.com');
$uid = $_GET['uid'] ?? '';
// ruleid: LDAP_INJECTION
$sr = ldap_search($ds, 'ou=people,dc=example,dc=com', "(uid=$uid)");
// ok: LDAP_INJECTION
$sr2 = ldap_search($ds, 'ou=people,dc=example,dc=com', '(uid=' . ldap_escape($uid, '', LDAP_ESCAPE_FILTER) . ')');

$xpath = new DOMXPath($catalog);
$sku = $_GET['sku'] ?? '';
// ruleid: XPATH_INJECTION
$nodes = $xpath->query("//item[@sku='$sku']");
if (preg_match('/^[A-Z0-9]{6}$/', $sku) === 1) {
    // ok: XPATH_INJECTION
    $nodes = $xpath->query("//item[@sku='$sku']");
}

// ruleid: NOSQL_INJECTION
$user = $users->findOne(['login' => $_POST['login'], 'active' => true]);
// ok: NOSQL_INJECTION
$user2 = $users->findOne(['login' => (string) $_POST['login'], 'active' => true]);

// ruleid: REDOS
$hits = preg_grep($_GET['pattern'], $lines);
// ok: REDOS
$hits2 = preg_grep('/' . preg_quote($_GET['q'], '/') . '/', $lines);

$name = $_POST['name'] ?? '';
// ruleid: LOG_INJECTION
error_log('new subscriber ' . $name);
// ok: LOG_INJECTION
error_log('new subscriber ' . str_replace(["\r", "\n"], '', $name));

// ruleid: TRUST_BOUNDARY_VIOLATION
$_SESSION['plan'] = $_POST['plan'];
// ok: TRUST_BOUNDARY_VIOLATION
$_SESSION['visits'] = 1 + (int) ($_SESSION['visits'] ?? 0);

// ruleid: MASS_ASSIGNMENT
extract($_POST);
// ruleid: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING']);
// ok: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING'], $query);

class ExportController
{
    public function run(Request $request)
    {
        $class = $request->input('exporter');
        // ruleid: UNSAFE_REFLECTION
        $exporter = new $class();
        $known = ['csv' => CsvExporter::class];
        $safeClass = $known[$request->input('format')] ?? CsvExporter::class;
        // ok: UNSAFE_REFLECTION
        $safe = new $safeClass();
        return [$exporter, $safe];
    }

    public function store(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        $post = Post::create($request->all());
        // ok: MASS_ASSIGNMENT
        $post2 = Post::create($request->only(['title', 'body']) + ['author_id' => 1]);
        return [$post, $post2];
    }

    public function save(Request $request, Post $post)
    {
        // ok: LOG_INJECTION
        Log::info('post saved from ' . $request->fullUrl() . ' by ' . $request->userAgent());
        // ok: MASS_ASSIGNMENT
        $this->posts->update($post, $request->all());
        foreach ($request->all() as $name => $value) {
            // ok: MASS_ASSIGNMENT
            Setting::query()->firstOrNew(['setting_key' => $name])->fill(['value' => $value])->save();
        }
        // ruleid: MASS_ASSIGNMENT
        $post->update($request->all());
        return $post;
    }

    public function remember(Request $request)
    {
        // ok: TRUST_BOUNDARY_VIOLATION
        session()->flash('success', 'Saved ' . $request->input('title'));
        // ok: TRUST_BOUNDARY_VIOLATION
        session()->put('export-context', $request->query('context'));
        // ruleid: TRUST_BOUNDARY_VIOLATION
        session()->put('acting_user_id', $request->input('user'));
        return back();
    }
}
