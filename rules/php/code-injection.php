<?php
// Admin helpers of a small shop: dynamic code and included modules.

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
