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

// An image fetched from the address the visitor typed: any URL or wrapper.
if (isset($_POST['image_url'])) {
    // ruleid: SSRF, PATH_TRAVERSAL
    $bytes = file_get_contents($_POST['image_url']);
    $src = $_POST['image_url'];
    // ruleid: SSRF
    $size = getimagesize($src);
    // ok: SSRF
    $thumb = file_get_contents('thumbs/' . basename($src) . '.jpg');
    // ok: SSRF
    // ruleid: PATH_TRAVERSAL
    $local = fopen(__DIR__ . '/cache/' . $_POST['image_url'], 'r');
    // ok: SSRF
    // ruleid: PATH_TRAVERSAL
    $cached = file_get_contents(sys_get_temp_dir() . '/img_' . $src);
}

if (isset($_FILES['photo'])) {
    // ok: SSRF
    $info = getimagesize($_FILES['photo']['tmp_name']);
    // ok: XSS
    echo 'Type: ' . $info['mime'];
    $upload = $_FILES['photo']['tmp_name'];
    // ok: SSRF, PATH_TRAVERSAL
    $bytes = file_get_contents($upload);
}

// A PSR-18 client's own outgoing request (mPDF fetching an image) is no request a client sent:
// only ServerRequestInterface is incoming.
final class RemoteContentClient implements \Psr\Http\Client\ClientInterface
{
    public function __construct(private \Symfony\Contracts\HttpClient\HttpClientInterface $client) {}

    public function sendRequest(\Psr\Http\Message\RequestInterface $request): \Psr\Http\Message\ResponseInterface
    {
        // ok: SSRF
        $response = $this->client->request($request->getMethod(), (string) $request->getUri());
        // ok: XSS
        return new Response($response->getStatusCode(), [], $response->getContent(false));
    }
}

final class ProxyAction
{
    public function __invoke(\Psr\Http\Message\ServerRequestInterface $request): string
    {
        // ruleid: SSRF, PATH_TRAVERSAL
        return file_get_contents($request->getQueryParams()['url']);
    }
}

// A URL given its own text with more appended (`$url = $url . …`) keeps the host it was built with.
class ExchangeRateController
{
    public function rate(Request $request)
    {
        $url = 'https://api.rates.example/latest?apikey=' . config('rates.key');
        $url = $url . '&symbols=' . $request->input('currency');
        // ok: SSRF
        $rates = Http::get($url)->json();
        $other = $request->input('base');
        $other = $other . '/latest?symbols=' . $request->input('currency');
        // ruleid: SSRF
        $more = Http::get($other)->json();
        return [$rates, $more];
    }
}

// An object built by the project's constructor holds each argument in the field the constructor stores it in,
// also through a static factory's `new self(…)` / `new static(…)`.
final class StationData
{
    public $url;
    public $logo;

    public function __construct($url, $logo = null)
    {
        $this->url = $url;
        $this->logo = $logo;
    }

    public static function make($url, $logo = null)
    {
        return new self($url, $logo);
    }

    public static function of($url)
    {
        return new static($url);
    }
}

class StationController
{
    public function store(Request $request)
    {
        $station = StationData::make($request->input('url'));
        // ok: SSRF
        $logo = Http::get($station->logo)->body();
        // ruleid: SSRF
        $page = Http::get($station->url)->body();
        $other = StationData::of($request->input('url'));
        // ok: SSRF
        return [$logo, $page, Http::get($other->logo)->body()];
    }
}
