<?php

namespace App\Services;

use Illuminate\Support\Facades\Http;

class PreviewService
{
    public function fetch(string $url): string
    {
        // ruleid: SSRF
        return Http::timeout(5)->get($url)->body();
    }
}
