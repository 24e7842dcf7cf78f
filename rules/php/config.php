<?php
// Settings of a small Laravel-style app, plus legacy bootstrap code.

// ruleid: DEBUG_ENABLED
ini_set('display_errors', '1');
// ok: DEBUG_ENABLED
ini_set('display_errors', '0');

function configureErrors(string $environment): void
{
    switch ($environment) {
        case 'development':
            error_reporting(E_ALL);
            // ok: DEBUG_ENABLED
            ini_set('display_errors', 'On');
            break;
        case 'production':
            // ruleid: DEBUG_ENABLED
            ini_set('display_errors', 'On');
            break;
    }
    if ($environment === 'local') {
        // ok: DEBUG_ENABLED
        ini_set('display_errors', '1');
    }
    if ($environment !== 'local') {
        // ruleid: DEBUG_ENABLED
        ini_set('display_errors', '1');
    }
}

// The operator's debug switch turns error display on: off unless the configuration asks for it.
if (Config::ValueOf('debugging') == true) {
    // ok: DEBUG_ENABLED
    ini_set('display_errors', 1);
    // ok: DEBUG_ENABLED
    ini_set('display_startup_errors', 1);
}
if (defined('APP_DEBUG') && APP_DEBUG) {
    // ok: DEBUG_ENABLED
    ini_set('display_errors', '1');
}
if ($settings['debug'] == false) {
    // ruleid: DEBUG_ENABLED
    ini_set('display_errors', '1');
}
if (Config::ValueOf('debugging') != true) {
    // ruleid: DEBUG_ENABLED
    ini_set('display_errors', '1');
}
if (!$config->debug) {
    // ruleid: DEBUG_ENABLED
    ini_set('display_errors', '1');
}

// ruleid: INSECURE_COOKIE
setcookie('session_token', bin2hex(random_bytes(16)), time() + 3600, '/');
// ok: INSECURE_COOKIE
setcookie('session_token', bin2hex(random_bytes(16)), ['expires' => time() + 3600, 'secure' => true, 'httponly' => true]);
// ok: INSECURE_COOKIE
setcookie('theme', 'dark', time() + 3600, '/');
// The page to return to after signing in: about the login, not a credential.
// ok: INSECURE_COOKIE
setcookie('login_redirect', $_SERVER['REQUEST_URI'], time() + 900, '/');
// ruleid: INSECURE_COOKIE
setcookie('login_token', bin2hex(random_bytes(16)), time() + 900, '/');

function rememberLogin(string $user, string $secret): void
{
    $https = !empty($_SERVER['HTTPS']) && $_SERVER['HTTPS'] !== 'off';
    $options = ['expires' => time() + 86400, 'path' => '/', 'secure' => $https, 'httponly' => true, 'samesite' => 'Strict'];
    // ok: INSECURE_COOKIE
    setcookie('remember_login', $user . ':' . $secret, $options);
    // ok: INSECURE_COOKIE
    setcookie('remember_login', $user . ':' . $secret, time() + 86400, '/', '', $https, true);
}

function forgetLogin(): void
{
    // ok: INSECURE_COOKIE
    setcookie('remember_login', '', time() - 3600, '/');
}

function rememberDevice(string $id): void
{
    $options = ['expires' => time() + 86400, 'path' => '/'];
    // ruleid: INSECURE_COOKIE
    setcookie('device_token', $id, $options);
    // ruleid: INSECURE_COOKIE
    setcookie('device_token', $id);
}

// A double-quoted name is the same cookie.
function startAdminSession(int $sessionRow): void
{
    // ruleid: INSECURE_COOKIE
    setcookie("admin_session", $sessionRow);
    // ruleid: INSECURE_COOKIE
    setcookie("auth", bin2hex(random_bytes(16)), time() + 3600, "/");
    // ok: INSECURE_COOKIE
    setcookie("auth", bin2hex(random_bytes(16)), ['expires' => time() + 3600, 'secure' => true, 'httponly' => true]);
    // ok: INSECURE_COOKIE
    setcookie("session_return_url", $_SERVER['REQUEST_URI']);
    // ok: INSECURE_COOKIE
    setcookie("session", "", time() - 3600);
}

// ruleid: INSECURE_PERMISSIONS
mkdir('/srv/app/cache', 0777, true);
// ok: INSECURE_PERMISSIONS
mkdir('/srv/app/cache', 0750, true);

$parts = explode('.', $_COOKIE['jwt'] ?? '');
// ruleid: JWT_MISCONFIGURATION
$claims = json_decode(base64_decode($parts[1] ?? ''), true);

class VerifyCsrfToken
{
    protected $except = [
        // ruleid: CSRF
        'cart/*',
        // ok: CSRF
        'webhooks/payments',
        // ok: CSRF
        'saml2/acs',
        // ok: CSRF
        'oauth/token',
        // ok: CSRF
        'login/sso/acs',
        // ruleid: CSRF
        'account/tokens',
        // ruleid: CSRF
        'api/*',
        // ok: CSRF
        'install',
        // ok: CSRF
        'install/*',
        // ok: CSRF
        'cron/*',
        // ruleid: CSRF
        'installments/*',
        // ok: CSRF
        'health',
        // ok: CSRF
        'api/healthz',
        // ruleid: CSRF
        'health/reset',
        // ruleid: CSRF
        'healthcare/records',
    ];
}

class TrimStrings extends Middleware
{
    protected $except = [
        // ok: CSRF
        'password',
    ];
}

return [
    // ruleid: DEBUG_ENABLED
    'debug' => true,
    'cors' => [
        // ruleid: CORS_MISCONFIGURATION
        'allowed_origins' => ['*'],
        'supports_credentials' => true,
    ],
    'session' => [
        // ruleid: INSECURE_COOKIE
        'secure' => false,
        // ok: INSECURE_COOKIE
        'http_only' => true,
    ],
];

function prepareCache(string $dir): void
{
    // ruleid: INSECURE_PERMISSIONS
    umask(0);
    // ok: INSECURE_PERMISSIONS
    umask(0022);
    mkdir($dir, 0750, true);
}
