<?php
// Admin helpers of a small shop: logs.

use Illuminate\Http\Request;

$name = $_POST['name'] ?? '';
// ruleid: LOG_INJECTION
error_log('new subscriber ' . $name);
// ok: LOG_INJECTION
error_log('new subscriber ' . str_replace(["\r", "\n"], '', $name));
// The request line and headers as received: no raw line break (REQUEST_URI is not percent-decoded).
// ok: LOG_INJECTION
error_log(sprintf('%s [%d]: %s', $_SERVER['REMOTE_ADDR'], http_response_code(), $_SERVER['REQUEST_URI']), 4);
// ok: LOG_INJECTION
error_log('client ' . $_SERVER['HTTP_USER_AGENT']);
// The decoded path can hold one (%0A becomes a line break).
// ruleid: LOG_INJECTION
error_log('no route for ' . $_SERVER['PATH_INFO']);

class ExportController
{
    public function save(Request $request, Post $post)
    {
        // ok: LOG_INJECTION
        Log::info('post saved from ' . $request->fullUrl() . ' by ' . $request->userAgent());
        return $post;
    }
}

class ReportController
{
    public function range(Request $request)
    {
        // A value parsed as a date is a date, whatever the request sent.
        $start = Carbon::parse($request->input('start'));
        // ok: LOG_INJECTION
        Log::info('report from ' . $start);
        $end = new \DateTime($request->input('end'));
        // ok: LOG_INJECTION
        Log::info('report until ' . $end->format('Y-m-d'));
        $day = \Carbon\CarbonImmutable::createFromFormat('Y-m-d', $request->input('day'));
        // ok: LOG_INJECTION
        Log::info('report of ' . $day);
        // ok: LOG_INJECTION
        error_log('report at ' . strtotime($request->input('at')));
        ['date' => $date] = $request->attributes->all();
        // ok: LOG_INJECTION
        Log::debug(sprintf('balance on "%s"', $date->toIso8601String()));
        // ok: LOG_INJECTION
        Log::debug(sprintf('balance on "%s"', $date->format('Y-m-d H:i:s')));
        // A format the request chooses prints any character it escapes (`\n`).
        // ruleid: LOG_INJECTION
        Log::debug(sprintf('balance on "%s"', $date->format($request->input('format'))));
        // ruleid: LOG_INJECTION
        Log::warning(sprintf('cannot parse "%s"', $request->input('start')));
    }

    public function lookups(Request $request)
    {
        // The matched route's name comes from the route files; its parameters come from the request.
        $route = $request->route();
        // ok: LOG_INJECTION
        Log::warning(sprintf('cannot handle route "%s"', $route->getName()));
        // ruleid: LOG_INJECTION
        Log::warning(sprintf('cannot handle id "%s"', $route->parameter('id')));
        // A record fetched by a request key holds stored data; a pick from the request's own list does not.
        $user = User::query()->where('email', $request->input('email'))->first();
        // ok: LOG_INJECTION
        Log::debug(sprintf('found %s', $user->email));
        // So are the rows of a query over request keys; a filter over the request's own list is the request's data.
        $members = User::whereIn('id', $request->input('ids'))->with('assets')->get();
        foreach ($members as $member) {
            // ok: LOG_INJECTION
            Log::debug('merging ' . $member->username);
        }
        $rows = collect($request->input('rows'))->where('active', true)->all();
        foreach ($rows as $row) {
            // ruleid: LOG_INJECTION
            Log::debug('row ' . $row['name']);
        }
        $picked = collect($request->input('names'))->first();
        // ruleid: LOG_INJECTION
        Log::debug(sprintf('picked %s', $picked));
        // ok: LOG_INJECTION
        Log::debug(sprintf('from %s', request()->ip()));
        // ok: LOG_INJECTION
        Log::debug(sprintf('user "%s"', request()->server(config('auth.guard_header', 'REMOTE_USER'))));
        // ruleid: LOG_INJECTION
        Log::debug(sprintf('path "%s"', $request->server('PATH_INFO')));
        $proxied = request()->server('REMOTE_USER') ?? apache_request_headers()['X-Remote-User'] ?? null;
        // ok: LOG_INJECTION
        Log::debug(sprintf('proxy user "%s"', $proxied));
        // The host, as Symfony's getHost() gives it, passed its character check (no line break).
        $host = request()->host();
        if ($host !== parse_url(config('app.url'), PHP_URL_HOST)) {
            // ok: LOG_INJECTION
            Log::error(sprintf('Host header is "%s"', $host));
        }
        // ok: LOG_INJECTION
        Log::info('served ' . $request->httpHost() . ' for ' . $request->schemeAndHttpHost());
        // ruleid: LOG_INJECTION
        Log::info('asked for ' . $request->input('host'));
    }
}

// An admin area's controller: its base controller checks the administrators' role for every action.
class ImportSettingsController extends AdminController
{
    public function store(Request $request)
    {
        // ok: LOG_INJECTION
        Log::info('import from ' . $request->input('source'));
    }
}

class ImportStatusController extends Controller
{
    public function store(Request $request)
    {
        // ruleid: LOG_INJECTION
        Log::info('status of ' . $request->input('source'));
    }
}

// A PSR-3 logger in a project that does not require symfony/monolog-bundle (plain Monolog set up by hand, another
// PSR-3 implementation): its formatter may keep line breaks.
class LoginFailureSubscriber
{
    public function __construct(private \Psr\Log\LoggerInterface $logger)
    {
    }

    public function onLoginFailure(\Symfony\Component\HttpFoundation\Request $request): void
    {
        // ruleid: LOG_INJECTION
        $this->logger->error('Login failed for "' . $request->request->get('_username') . '"');
        // ruleid: LOG_INJECTION
        $this->logger->warning(sprintf('unknown account %s', $request->query->get('account')));
    }
}
