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

    /** The repository's page on the configured Git host: the request only names the repository. */
    public function repository(string $repo): array
    {
        // ok: SSRF
        $info = Http::baseUrl(config('services.git.api'))->acceptJson()->get("/repos/{$repo}")->json();
        // ruleid: SSRF
        $mirror = Http::baseUrl(config('services.git.api'))->get("/{$repo}")->json();
        return [$info, $mirror];
    }
}
