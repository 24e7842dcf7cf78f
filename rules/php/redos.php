<?php
// Admin helpers of a small shop: search patterns.

// ruleid: REDOS
$hits = preg_grep($_GET['pattern'], $lines);
// ok: REDOS
$hits2 = preg_grep('/' . preg_quote($_GET['q'], '/') . '/', $lines);

// A filter form checks that the pattern compiles before saving it.
$filter = $_GET['filter'] ?? '';
// ok: REDOS
$valid = @preg_match('/' . $filter . '/', '') !== false;
// ruleid: REDOS
$matches = preg_grep('/' . $filter . '/', $hostnames);
