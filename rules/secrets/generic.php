<?php
// Fake values generated for this test; none of them is a real credential.
return [
    // ruleid: HARDCODED_SECRET
    'key' => env('APP_KEY', 'Hq3vNz8wLr5tKy2mBc9xJd4sPf7g'),
    // ok: HARDCODED_SECRET
    'signingKey' => env('OIDC_SP_x509_KEY', ''),
    // ok: HARDCODED_SECRET
    'user_api_tokens' => 'API-Schlüssel',
    // ok: HARDCODED_SECRET
    'api_token_docs' => 'API-dokumentation',
    // ok: HARDCODED_SECRET
    'apiKeyPrompt' => __('settings.api_key_prompt'),
];

function probe(int $rand): string
{
    // ok: HARDCODED_SECRET
    $key = "health_probe_{$rand}";
    return $key;
}
