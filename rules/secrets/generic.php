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

// A JSON-LD context maps each term to its compact IRI or vocabulary URL: the name itself, qualified.
function activityContext(): array
{
    return [
        // ok: HARDCODED_SECRET
        "Ed25519Key" => "toot:Ed25519Key",
        // ok: HARDCODED_SECRET
        "Curve25519Key" => "toot:Curve25519Key",
        // ok: HARDCODED_SECRET
        "signingKey2" => "https://w3id.org/security#signingKey2",
        // ruleid: HARDCODED_SECRET
        "Ed448Key" => "toot:Kp9xQ2mWv7Rt4Zb8Ny3Lc6Jd",
    ];
}

// A dot joins strings in PHP: each literal is a piece of a value being built.
function registrationRules(): array
{
    return [
        // ok: HARDCODED_SECRET
        'password' => 'required|string|min:'.config('auth.min_password_length').'|confirmed',
        // ok: HARDCODED_SECRET
        'api_token' => 'tok_' . bin2hex(random_bytes(16)) . '_Kp9xQ2mWv7Rt4Zb8',
        // ruleid: HARDCODED_SECRET
        'webhook_secret' => 'Tq7Wz3Xv9Kp2Lm5Rn8Bc4Yd',
    ];
}

// A CAPTCHA's website key (reCAPTCHA's "site key" under another name) is printed into every page that shows the
// widget; the secret key it is paired with stays reported.
function captchaSettings(): array
{
    return [
        // ok: HARDCODED_SECRET
        'website_key' => env('HCAPTCHA_WEBSITE_KEY', '6LdT4kQpAAAAAHv9Rz2mXn7cWq3LtB8yPk5sJf1D'),
        // ruleid: HARDCODED_SECRET
        'secret_key' => env('HCAPTCHA_SECRET_KEY', '6LdT4kQpAAAAAKx3Wm8vQz2RnT7cLp5BhY9dGs4F'),
    ];
}

// A site key in reCAPTCHA's format (`6L` and 38 more) is one with no word for the widget nearby; another format stays.
function widgetDefaults(): array
{
    return [
        // ok: HARDCODED_SECRET
        '_default_website_key' => '6LfB2wRsAAAAAGm5Tq8zKv3XpN7cLr4YhD9jWs2E',
        // ruleid: HARDCODED_SECRET
        '_default_website_key_legacy' => 'Zq4Nm8Tv2Lp7Xr3Kc9Wb5Hd',
    ];
}
