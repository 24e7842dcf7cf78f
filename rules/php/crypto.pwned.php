<?php
// A password checked against the Pwned Passwords range API: the API takes the first five hex
// digits of the password's SHA-1 (k-anonymity) and returns the suffixes it knows.

use Illuminate\Support\Facades\Http;

class BreachedPasswordCheck
{
    public function isBreached(string $password): bool
    {
        [$prefix, $suffix] = $this->split($password);
        $body = Http::get('https://api.pwnedpasswords.com/range/' . $prefix)->body();

        return str_contains($body, $suffix);
    }

    private function split(string $password): array
    {
        // ok: WEAK_HASH
        $digest = strtoupper(sha1($password));

        return [substr($digest, 0, 5), substr($digest, 5)];
    }

    public function viaHash(string $password): string
    {
        // ok: WEAK_HASH
        return substr(hash('sha1', $password), 0, 5);
    }

    // What the API does not prescribe is still reported in the same file.
    public function remember(string $password): string
    {
        // ruleid: WEAK_HASH
        return md5($password);
    }
}
