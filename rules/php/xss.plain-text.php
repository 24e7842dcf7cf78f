<?php
// A WebSub callback script answers in plain text: the challenge it echoes back is no markup.
header('Content-Type: text/plain; charset=UTF-8');
header('X-Content-Type-Options: nosniff');

if (($_REQUEST['hub_mode'] ?? '') === 'unsubscribe') {
    header('Connection: close');
    // ok: XSS
    exit($_REQUEST['hub_challenge'] ?? '');
}
// ok: XSS
echo 'Unknown mode: ', $_GET['hub_mode'] ?? '';

$key = $_GET['k'] ?? '';
if (!ctype_xdigit($key)) {
    header('HTTP/1.1 422 Unprocessable Entity');
    // ok: XSS
    die('Invalid key: ' . $key);
}
// ok: PATH_TRAVERSAL
$canonical = file_get_contents('keys/' . $key . '.txt');
// ruleid: PATH_TRAVERSAL
$topic = file_get_contents('topics/' . ($_GET['topic'] ?? '') . '.txt');
