<?php
// Fake values generated for this test; none of them is a real credential.
return [
    // ruleid: HARDCODED_SECRET
    'key' => 'base64:Xk6kAzaeoapPNhn6nIOLv63YgJ8fCN9sC0UEMOjVCrE=',
    'mailgun' => [
        // ruleid: HARDCODED_SECRET
        'secret' => 'key-3c7a1ff449c4f715a0b6e5591b3e9ee3',
    ],
    // ruleid: HARDCODED_SECRET
    'shopify_token' => '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',
    // ruleid: HARDCODED_SECRET
    'telegram_bot' => '6038172945:AAIoK_XEg6uI_tYXJ1-sN3jRok1bBLrn6iQ',
    // ok: HARDCODED_SECRET
    'cipher' => 'AES-256-CBC',
    // ok: HARDCODED_SECRET
    'previous_keys' => array_filter(explode(',', (string) env('APP_PREVIOUS_KEYS', ''))),
];
