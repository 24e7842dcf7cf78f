<?php
// Account security helpers.

function legacyHash(string $password): string
{
    // ruleid: WEAK_HASH
    return md5($password);
}

function cacheKey(string $url): string
{
    // ok: WEAK_HASH
    return md5($url);
}

function apiTokenDigest(string $token): string
{
    // ok: WEAK_HASH
    return sha1($token);
}

function makeResetToken(): string
{
    // ruleid: WEAK_RANDOM
    return dechex(mt_rand()) . dechex(mt_rand());
}

function pickBanner(array $banners): string
{
    // ok: WEAK_RANDOM
    return $banners[mt_rand(0, count($banners) - 1)];
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
