<?php
// Storefront pages: outgoing calls.

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Http;

$feed = $_GET['feed'] ?? '';
// ruleid: SSRF
$ch = curl_init($feed);
// ruleid: SSRF
$data = file_get_contents('https://' . $feed . '/rss.xml');
// ok: SSRF
$rates = file_get_contents('https://rates.example.com/?base=' . urlencode($feed));
// ok: SSRF
$status = file_get_contents("https://status.example.com/feeds/{$feed}");

class CheckoutController
{
    public function ping(Request $request)
    {
        // ruleid: SSRF
        return Http::timeout(3)->get($request->query('webhook'));
    }
}
