<?php

namespace App\Service;

class NoteFiles
{
    private const ROOT = '/var/notes';

    public function pathOf(string $name): string
    {
        return self::ROOT . '/' . $name . '.md';
    }

    public function save(string $name, string $body): void
    {
        // ruleid: PATH_TRAVERSAL
        file_put_contents('/var/notes/' . $name . '.md', $body);
    }
}
