<?php
// Account security helpers.

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function legacyHash(string $password): string
{
    // ruleid: WEAK_HASH
    return md5($password);
}

function storeUser(User $user, string $salt): void
{
    // The function name says nothing; the data is the user's password.
    // ruleid: WEAK_HASH
    $user->password_digest = sha1($salt . $user->password);
}

function login(Request $request, string $stored): bool
{
    // ruleid: WEAK_HASH
    return hash('md5', $request->input('password')) === $stored;
}

// An NTLM client: the NT hash is MD4 of the UTF-16LE password, as the protocol defines it.
function ntHash(string $password): string
{
    // ok: WEAK_HASH
    return hash('md4', iconv('UTF-8', 'UTF-16LE', $password), true);
}

function ntHashMb(string $password): string
{
    // ok: WEAK_HASH
    return hash('md4', mb_convert_encoding($password, 'UTF-16LE', 'UTF-8'), true);
}

function legacyPinDigest(string $password): string
{
    // ruleid: WEAK_HASH
    return hash('md4', $password);
}

final class CalendarFeed
{
    public function __construct(private object $config, private object $settings)
    {
    }

    /** The secret part of a user's calendar feed URL, keyed with the installation's session secret. */
    public function feedHash(int $userId): string
    {
        // ok: WEAK_HASH
        return hash('sha1', $userId . $this->config->sessionPassword);
    }

    public function storeAdminPassword(object $admin): void
    {
        // ruleid: WEAK_HASH
        $admin->password_hash = sha1($admin->password);
    }
}

function cacheKey(string $url): string
{
    // ok: WEAK_HASH
    return md5($url);
}

function fileChecksum(string $path): string
{
    // ok: WEAK_HASH
    return sha1(file_get_contents($path));
}

function partnerSignature(array $params, string $secret): string
{
    ksort($params);
    // ok: WEAK_HASH
    return md5(http_build_query($params) . $secret);
}

function randomToken(int $length): string
{
    // ruleid: WEAK_RANDOM
    return substr(md5(uniqid((string) mt_rand(), true)), 0, $length);
}

function startReset(User $user): void
{
    $user->reset_token = randomToken(32);
    $user->save();
}

function rememberMe(): void
{
    // ruleid: WEAK_RANDOM
    setcookie('remember', dechex(mt_rand()) . dechex(mt_rand()), ['secure' => true, 'httponly' => true]);
    // ruleid: WEAK_RANDOM
    $_SESSION['csrf'] = str_pad((string) rand(0, 999999), 6, '0', STR_PAD_LEFT);
}

function invite(string $email): User
{
    // ruleid: WEAK_RANDOM
    return User::create(['email' => $email, 'password' => substr(str_shuffle(str_repeat(ALPHABET, 3)), 0, 12)]);
}

// A working folder named with uniqid(): a folder's create() takes a path, not a record's fields.
function makeWorkFolder(string $path): void
{
    // ok: WEAK_RANDOM
    Folder::create($path);
}

function unpackPackage(string $zip, string $tmpDir): string
{
    // ok: WEAK_RANDOM
    $target = $tmpDir . '/package-' . uniqid('', false);
    makeWorkFolder($target);
    // ok: WEAK_RANDOM
    Folder::create($target . '/meta');
    return $target;
}

function inviteWithFields(string $email): User
{
    // ruleid: WEAK_RANDOM
    $fields = ['email' => $email, 'invite_code' => uniqid()];
    return User::create($fields);
}

// An SDK call's request options (Stripe's idempotency key) are no field of the record it creates.
function createIntent(array $data, array $auth)
{
    // ok: WEAK_RANDOM
    return \Stripe\PaymentIntent::create(['amount' => $data['amount'], 'currency' => 'eur'], array_merge($auth, ['idempotency_key' => uniqid('st', true)]));
}

function startResetSecure(User $user): void
{
    // ok: WEAK_RANDOM
    $user->reset_token = bin2hex(random_bytes(32));
}

function pickBanner(array $banners): string
{
    // ok: WEAK_RANDOM
    return $banners[mt_rand(0, count($banners) - 1)];
}

function backoffMicros(int $attempt): int
{
    // ok: WEAK_RANDOM
    return min(30_000_000, (2 ** $attempt) * 100_000) + mt_rand(0, 250_000);
}

function encryptLegacy(string $data, string $key): string
{
    // ruleid: WEAK_CRYPTO
    return openssl_encrypt($data, 'des-cbc', $key, 0, random_bytes(8));
}

function encryptFixedIv(string $data, string $key): string
{
    // ruleid: WEAK_CRYPTO
    return openssl_encrypt($data, 'aes-256-cbc', $key, 0, '1234567890123456');
}

function encrypt(string $data, string $key): string
{
    $iv = random_bytes(12);
    // ok: WEAK_CRYPTO
    return openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
}

function fetchPartner(string $url): string
{
    $ch = curl_init($url);
    // ruleid: INSECURE_TLS
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    // ok: INSECURE_TLS
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
    return (string) curl_exec($ch);
}

/** An opt-in the helper offers, named for the weakening: the caller that uses it decides. */
function withoutCertificateVerification($ch)
{
    // ok: INSECURE_TLS
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    return $ch;
}

function fetchMirror(string $url, array $config): string
{
    $ch = curl_init($url);
    if (!empty($config['skip_verify'])) {
        // The operator's switch, named for what it weakens.
        // ok: INSECURE_TLS
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    }
    if (str_starts_with($url, 'https:')) {
        // A branch on the scheme is no opt-in.
        // ruleid: INSECURE_TLS
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
    }
    return (string) curl_exec($ch);
}
