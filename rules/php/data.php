<?php
// Preference cookies and XML imports.

// ruleid: INSECURE_DESERIALIZATION
$prefs = unserialize($_COOKIE['prefs'] ?? '');
// ok: INSECURE_DESERIALIZATION
$prefs = unserialize($_COOKIE['prefs'] ?? '', ['allowed_classes' => false]);
// ok: INSECURE_DESERIALIZATION
$prefs = json_decode($_COOKIE['prefs'] ?? '{}', true);

$xml = file_get_contents('php://input');
$doc = new DOMDocument();
// ruleid: XXE
$doc->loadXML($xml, LIBXML_NOENT);
// ok: XXE
$doc->loadXML($xml, LIBXML_NONET);
// ruleid: XXE
$feed = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_DTDLOAD | LIBXML_NOENT);
// ok: XXE
$feed = simplexml_load_string($xml);
