<?php
// Admin helpers of a small shop: XPath queries over the catalogue.

$xpath = new DOMXPath($catalog);
$sku = $_GET['sku'] ?? '';
// ruleid: XPATH_INJECTION
$nodes = $xpath->query("//item[@sku='$sku']");
if (preg_match('/^[A-Z0-9]{6}$/', $sku) === 1) {
    // ok: XPATH_INJECTION
    $nodes = $xpath->query("//item[@sku='$sku']");
}
