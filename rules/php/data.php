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

// DOMDocument's own switches: substituteEntities is LIBXML_NOENT, resolveExternals LIBXML_DTDLOAD.
$import = new DOMDocument();
$import->resolveExternals = true;
$import->substituteEntities = true;
// ruleid: XXE
$import->loadXML($xml);

function parseFeed(string $body): string
{
    $feed = new DOMDocument();
    $feed->preserveWhiteSpace = true;
    $feed->substituteEntities = TRUE;
    // ruleid: XXE
    $loaded = $feed->loadXML($body);
    $plain = new DOMDocument();
    $plain->substituteEntities = false;
    // ok: XXE
    $plain->loadXML($body);
    return $loaded ? $feed->textContent . $plain->textContent : '';
}
