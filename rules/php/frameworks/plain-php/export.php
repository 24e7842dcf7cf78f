<?php
$name = $_GET['name'] ?? 'export';
// ruleid: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . $name . '.csv"');
// ok: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . preg_replace('/[^A-Za-z0-9_-]/', '', $name) . '.csv"');
$body = json_decode(file_get_contents('php://input'), true);
$lang = filter_input(INPUT_GET, 'lang');
// ruleid: PATH_TRAVERSAL, CODE_INJECTION
include __DIR__ . '/lang/' . $lang . '.php';
$year = filter_input(INPUT_GET, 'year', FILTER_VALIDATE_INT);
// ok: PATH_TRAVERSAL, CODE_INJECTION
include __DIR__ . '/reports/' . $year . '.php';
// ruleid: SQL_INJECTION
$rows = db()->query("SELECT * FROM exports WHERE owner = '" . $body['owner'] . "'");
