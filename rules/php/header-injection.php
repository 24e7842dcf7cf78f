<?php
// Storefront pages: headers.

$file = $_GET['file'] ?? 'export';
// ruleid: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . $file . '.csv"');
// ok: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . preg_replace('/[^A-Za-z0-9_-]/', '', $file) . '.csv"');

// A static file served by the front script: its size and modification time are numbers.
$path = __DIR__ . '/public' . parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$real = realpath($path);
if ($real !== false && str_starts_with($real, __DIR__ . '/public/')) {
    // ok: HEADER_INJECTION
    header('Content-Length: ' . filesize($real));
    // ok: HEADER_INJECTION
    header('Last-Modified: ' . gmdate('D, d M Y H:i:s', filemtime($real)) . ' GMT');
    // ruleid: HEADER_INJECTION
    header('X-Download-Name: ' . $_GET['name']);
}

// HttpFoundation's disposition builder refuses a fallback name that is not printable ASCII and encodes the name.
class ExportController
{
    public function export(\Symfony\Component\HttpFoundation\Request $request)
    {
        $name = $request->query->get('name');
        $response = new \Symfony\Component\HttpFoundation\Response('');
        // ok: HEADER_INJECTION
        $response->headers->set('Content-Disposition', $response->headers->makeDisposition('attachment', $name . '.csv', 'export.csv'));
        // ruleid: HEADER_INJECTION
        $response->headers->set('X-Export-Name', $name);
        return $response;
    }
}
