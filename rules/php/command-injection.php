<?php
// Admin helpers of a small shop: shell commands.

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
