<?php
// Storefront pages: CORS.

$origin = $_SERVER['HTTP_ORIGIN'] ?? '';
// ruleid: CORS_MISCONFIGURATION
header('Access-Control-Allow-Origin: ' . $origin);
// ok: CORS_MISCONFIGURATION
header('Access-Control-Allow-Origin: https://shop.example.com');
