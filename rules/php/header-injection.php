<?php
// Storefront pages: headers.

$file = $_GET['file'] ?? 'export';
// ruleid: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . $file . '.csv"');
// ok: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . preg_replace('/[^A-Za-z0-9_-]/', '', $file) . '.csv"');
