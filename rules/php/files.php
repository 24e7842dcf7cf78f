<?php
// Document downloads and avatar uploads.

$doc = $_GET['doc'] ?? 'terms';
// ruleid: PATH_TRAVERSAL
readfile(__DIR__ . '/docs/' . $doc . '.pdf');
// ok: PATH_TRAVERSAL
readfile(__DIR__ . '/docs/' . basename($doc) . '.pdf');
// ruleid: PATH_TRAVERSAL
unlink('/var/spool/exports/' . $_POST['export']);
// ok: PATH_TRAVERSAL
$status = file_get_contents('https://status.example.com/api?page=' . rawurlencode($doc));

class AvatarService
{
    public function store(Request $request): void
    {
        $upload = $request->file('avatar');
        // ok: PATH_TRAVERSAL
        $data = file_get_contents($upload->getRealPath());
        // The upload object itself is its temporary file: PHP wrote it and chose its path.
        // ok: PATH_TRAVERSAL, SSRF
        $same = file_get_contents($upload);
        // ok: PATH_TRAVERSAL, SSRF
        $lines = file($request->file('avatar'));
        // ok: PATH_TRAVERSAL
        file_put_contents('/srv/avatars/current.png', $data);
        // ruleid: PATH_TRAVERSAL
        file_put_contents('/srv/avatars/' . $upload->getClientOriginalName(), $data);
        // Laravel's slug keeps letters, digits and the separator: no dot, no slash, so no extension either.
        // ok: PATH_TRAVERSAL
        file_put_contents('/srv/avatars/' . Str::slug($upload->getClientOriginalName()), $data);
        // ok: PATH_TRAVERSAL
        file_put_contents('/srv/avatars/' . str_slug($upload->getClientOriginalName(), '_'), $data);
        // ok: UNSAFE_FILE_UPLOAD
        $upload->move('/srv/avatars', date('Y-m-d') . '-' . str_slug($upload->getClientOriginalName()));
        // A dot as the separator keeps dots.
        // ruleid: PATH_TRAVERSAL
        file_put_contents('/srv/avatars/' . Str::slug($upload->getClientOriginalName(), '.'), $data);
        // ruleid: UNSAFE_FILE_UPLOAD
        $upload->move('/srv/avatars', $upload->getClientOriginalName());
        // ok: PATH_TRAVERSAL
        Storage::put('avatars/' . $request->input('name'), $data);
    }
}

if (isset($_FILES['avatar'])) {
    $target = __DIR__ . '/avatars/' . $_FILES['avatar']['name'];
    // ruleid: UNSAFE_FILE_UPLOAD
    move_uploaded_file($_FILES['avatar']['tmp_name'], $target);
    $safe = __DIR__ . '/avatars/' . bin2hex(random_bytes(16)) . '.png';
    // ok: UNSAFE_FILE_UPLOAD
    move_uploaded_file($_FILES['avatar']['tmp_name'], $safe);
}

class MaintenanceController
{
    public function export(Request $request)
    {
        // Only those who manage the application's settings reach this: the folder is theirs to choose.
        $this->checkPermission('settings-manage');
        $dir = $request->input('directory');
        // ok: PATH_TRAVERSAL
        mkdir($dir, 0755, true);
    }

    public function download(Request $request)
    {
        $this->checkPermission('page-view');
        // ruleid: PATH_TRAVERSAL
        return file_get_contents('/srv/exports/' . $request->input('name'));
    }
}

// Checking that a value is there does not vet it; looking it up in a list of names does.
if (isset($_GET['page'])) {
    $page = $_GET['page'];
    $page = str_replace(['../', '..\\'], '', $page);
    if (isset($page)) {
        // ruleid: CODE_INJECTION, PATH_TRAVERSAL
        include $page;
    }
    $pages = ['home' => 'home.php', 'faq' => 'faq.php'];
    if (isset($pages[$page])) {
        // ok: CODE_INJECTION, PATH_TRAVERSAL
        include __DIR__ . '/pages/' . $page . '.php';
    }
    if (array_key_exists('page', $_GET)) {
        // ruleid: PATH_TRAVERSAL
        readfile('/srv/pages/' . $_GET['page']);
    }
}

// A router script for PHP's built-in server: a static file under public/ is served as it is.
function route_static()
{
    $uri = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
    // ok: PATH_TRAVERSAL
    if ($uri !== '/' && file_exists(__DIR__ . '/public' . $uri)) {
        return false;
    }
    $thumb = $_GET['thumb'];
    // ok: PATH_TRAVERSAL
    if (is_file('/srv/thumbs/' . $thumb)) {
        // ruleid: PATH_TRAVERSAL
        readfile('/srv/thumbs/' . $thumb);
    }
    // ruleid: PATH_TRAVERSAL
    return file_exists($_GET['archive']);
}

// A theme chosen by cookie is kept only when its folder under the application's root is there.
function active_theme()
{
    $id = $_COOKIE['theme'] ?? 'default';
    // ok: PATH_TRAVERSAL
    if (!is_dir(ROOT . '/theme/' . $id) || !file_exists(ROOT . '/theme/' . $id . '/theme.ini')) {
        $id = 'default';
    }
    // ruleid: PATH_TRAVERSAL
    if (file_exists(THEME_PREFIX . $_COOKIE['theme'])) {
        return $_COOKIE['theme'];
    }
    return $id;
}

// ICU transliteration that removes every character but letters, digits, `_` and `-` (Symfony's upload
// recipe): no dot is left to name an extension, no slash to leave the folder. The rule may be a
// constant of the form class; one that keeps dots keeps the extension.
class AttachmentForm
{
    public const SAFE_NAME = 'Any-Latin; Latin-ASCII; [^A-Za-z0-9_\-] remove; Lower()';
    public const DOTTED_NAME = 'Any-Latin; Latin-ASCII; [^A-Za-z0-9_.] remove';
}

class BackupImportController
{
    public function restore(Request $request): void
    {
        // Symfony's file bag: the entry's path is the temporary file PHP wrote.
        $archive = $request->files->get('archive');
        // ok: PATH_TRAVERSAL, SSRF
        $dump = file_get_contents($archive->getPathname());
        // ok: PATH_TRAVERSAL, SSRF
        $handle = fopen((string) $archive->getRealPath(), 'r');
        // ok: PATH_TRAVERSAL, SSRF
        $rows = file($request->files->get('rows')->getPathname());
        // ruleid: PATH_TRAVERSAL
        file_put_contents('/srv/backups/' . $archive->getClientOriginalName(), $dump);
    }
}

class AttachmentController
{
    public function upload(Request $request): void
    {
        $file = $request->file('attachment');
        $base = pathinfo($file->getClientOriginalName(), PATHINFO_FILENAME);
        $stored = transliterator_transliterate(AttachmentForm::SAFE_NAME, $base) . '-' . uniqid() . '.' . $file->guessExtension();
        // ok: UNSAFE_FILE_UPLOAD
        $file->move('/srv/attachments', $stored);
        $inline = transliterator_transliterate('Any-Latin; Latin-ASCII; [^A-Za-z0-9_] remove; Lower()', $base);
        // ok: PATH_TRAVERSAL
        file_put_contents('/srv/attachments/' . $inline . '.txt', 'note');
        $dotted = transliterator_transliterate(AttachmentForm::DOTTED_NAME, $file->getClientOriginalName());
        // ruleid: UNSAFE_FILE_UPLOAD
        $file->move('/srv/attachments', $dotted);
    }
}

// A project function that always ends the request (`exit` at its end) stops the flow as `exit` would;
// one that returns does not.
function refuse_request($message)
{
    http_response_code(403);
    echo htmlspecialchars($message);
    exit;
}

function note_refusal($message)
{
    error_log($message);
    return false;
}

$chapter = $_GET['chapter'];
if (!preg_match('/^[a-z0-9_-]+$/', $chapter)) {
    refuse_request('bad chapter');
}
// ok: PATH_TRAVERSAL
readfile('/srv/book/' . $chapter . '.html');

$appendix = $_GET['appendix'];
if (!preg_match('/^[a-z0-9_-]+$/', $appendix)) {
    note_refusal('bad appendix');
}
// ruleid: PATH_TRAVERSAL
readfile('/srv/book/' . $appendix . '.html');

// A static file under the install folder, refused when its path holds a parent step.
function static_file(string $path): ?string
{
    $path = trim($path, "/ \t\r\n");
    if (str_contains($path, '..')) {
        return null;
    }
    $path = realpath(INSTALL_PATH . '/' . $path);
    if ($path === false) {
        return null;
    }
    return $path;
}

function serve_static()
{
    $file = static_file($_SERVER['PATH_INFO'] ?? '');
    // ok: PATH_TRAVERSAL
    readfile($file);
    $name = $_GET['name'];
    if (str_contains($name, '..')) {
        $refused = true;
    }
    // ruleid: PATH_TRAVERSAL
    readfile('/srv/files/' . $name);
}

// Each of a multiple upload's temporary files, named by PHP in its upload folder.
function import_contacts()
{
    $paths = [];
    foreach ((array) $_FILES['_file']['tmp_name'] as $i => $filepath) {
        $paths[] = $filepath;
    }
    foreach ($paths as $filepath) {
        // ok: PATH_TRAVERSAL, SSRF
        $vcard = file_get_contents($filepath);
        // ok: PATH_TRAVERSAL
        unlink($filepath);
    }
    // ruleid: PATH_TRAVERSAL
    unlink('/srv/import/' . $_FILES['_file']['name']);
    // ruleid: PATH_TRAVERSAL
    unlink('/srv/import/' . $_POST['batch'] . '/contacts.vcf');
}

// Where an upload is moved: a folder the request names puts the file anywhere the server can write.
function upload_picture()
{
    $tag = $_POST['tag'];
    $name = str_replace(['..', '/', ' '], '', $_POST['name']);
    if (!file_exists("../upload/{$tag}/")) {
        // ruleid: PATH_TRAVERSAL
        mkdir("../upload/{$tag}", 0755, true);
    }
    $filename = "../upload/{$tag}/{$name}";
    // ruleid: PATH_TRAVERSAL
    move_uploaded_file($_FILES['pic']['tmp_name'], $filename);
    // ok: PATH_TRAVERSAL
    move_uploaded_file($_FILES['pic']['tmp_name'], '../upload/pictures/' . bin2hex(random_bytes(16)) . '.jpg');
    // ok: PATH_TRAVERSAL
    move_uploaded_file($_FILES['pic']['tmp_name'], '../upload/pictures/' . basename($_POST['name']) . '.jpg');
    // A name taken: a fresh temporary file in the upload folder, whatever the client's name was.
    $spare = tempnam('../upload', $filename);
    // ok: PATH_TRAVERSAL
    move_uploaded_file($_FILES['pic']['tmp_name'], $spare);
    $elsewhere = tempnam("../upload/{$tag}", 'pic');
    // ruleid: PATH_TRAVERSAL
    move_uploaded_file($_FILES['pic']['tmp_name'], $elsewhere);
}

// The prefix check of code older than PHP 8's str_starts_with: the resolved path must begin with the root.
function within_storage(string $path): bool
{
    $root = realpath(STORAGE_PATH);
    if ($root === false) {
        return false;
    }
    return substr($path, 0, strlen($root)) === $root;
}

function within_cache(string $path): bool
{
    return strpos($path, CACHE_PATH) === 0;
}

function download_report()
{
    $path = realpath(STORAGE_PATH . '/' . $_GET['report']);
    if (!within_storage($path)) {
        exit('not found');
    }
    // ok: PATH_TRAVERSAL
    readfile($path);
    $cached = realpath(CACHE_PATH . '/' . $_GET['cached']);
    if (!within_cache($cached)) {
        exit('not found');
    }
    // ok: PATH_TRAVERSAL
    readfile($cached);
    $other = realpath(STORAGE_PATH . '/' . $_GET['other']);
    if (substr($other, 0, 1) === '/') {
        // ruleid: PATH_TRAVERSAL
        readfile($other);
    }
}
