<?php
session_start();
$next = $_GET['next'] ?? '/';
if (!check_password($_POST['user'] ?? '', $_POST['password'] ?? '')) {
    // ruleid: XSS
    die('Unknown user ' . $_POST['user']);
}
// ruleid: OPEN_REDIRECT
header('Location: ' . $next);
// ok: OPEN_REDIRECT
header('Location: /account.php?from=' . urlencode($next));
// ok: OPEN_REDIRECT
header('Location: https://' . $_SERVER['HTTP_HOST'] . $_SERVER['REQUEST_URI']);
exit;

function check_password(string $user, string $password): bool
{
    return false;
}
