<?php
// Admin helpers of a small shop: search patterns.

// ruleid: REDOS
$hits = preg_grep($_GET['pattern'], $lines);
// ok: REDOS
$hits2 = preg_grep('/' . preg_quote($_GET['q'], '/') . '/', $lines);
