<?php
// Storefront pages: greetings, redirects, headers, CORS and outgoing calls.

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Http;

$name = $_GET['name'] ?? 'guest';
// ruleid: XSS
echo "<h1>Welcome back, $name</h1>";
// ok: XSS
echo '<h1>Welcome back, ' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . '</h1>';
// ruleid: XSS
print '<p>' . $_GET['msg'] . '</p>';
// ok: XSS
echo json_encode(['name' => $name]);
?>
<p>Last search:
<!-- ruleid: XSS -->
<?= $_GET['q'] ?>
</p>
<?php

$next = $_GET['next'] ?? '/';
// ruleid: OPEN_REDIRECT
header('Location: ' . $next);
// ok: OPEN_REDIRECT
header('Location: /account?from=' . rawurlencode($next));

$file = $_GET['file'] ?? 'export';
// ruleid: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . $file . '.csv"');
// ok: HEADER_INJECTION
header('Content-Disposition: attachment; filename="' . preg_replace('/[^A-Za-z0-9_-]/', '', $file) . '.csv"');

$origin = $_SERVER['HTTP_ORIGIN'] ?? '';
// ruleid: CORS_MISCONFIGURATION
header('Access-Control-Allow-Origin: ' . $origin);
// ok: CORS_MISCONFIGURATION
header('Access-Control-Allow-Origin: https://shop.example.com');

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
    public function done(Request $request)
    {
        // ruleid: OPEN_REDIRECT
        return redirect($request->input('return_to'));
    }

    public function resume(Request $request)
    {
        $token = $request->input('token');
        // ok: OPEN_REDIRECT
        return redirect("/checkout/resume/{$token}");
    }

    public function back(Request $request)
    {
        $base = url('/');
        $target = $request->input('_return') ?? $base;
        if (!str_starts_with($target, $base . '/')) {
            return redirect($base);
        }
        // ok: OPEN_REDIRECT
        return redirect($target);
    }

    public function external(Request $request)
    {
        $target = $request->input('next');
        if (str_starts_with($target, 'https://')) {
            // ruleid: OPEN_REDIRECT
            return redirect($target);
        }
        return redirect('/');
    }

    public function next(Request $request)
    {
        // ruleid: OPEN_REDIRECT
        return redirect(collect([$request->input('next'), '/'])->first());
    }

    public function show(Request $request)
    {
        $order = $this->orders->findForCustomer($request->input('order'));
        // ok: OPEN_REDIRECT
        return redirect($order->url);
    }

    public function receipt(Request $request)
    {
        // ruleid: XSS
        return response('<p>Order for ' . $request->input('customer') . '</p>');
    }

    public function search(Request $request)
    {
        $results = $this->orders->search($request->input('q'));
        // ok: XSS
        return response(view('orders.search', ['q' => $request->input('q'), 'results' => $results]), 200);
    }

    public function ping(Request $request)
    {
        // ruleid: SSRF
        return Http::timeout(3)->get($request->query('webhook'));
    }
}
