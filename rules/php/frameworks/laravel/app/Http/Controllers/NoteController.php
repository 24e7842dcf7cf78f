<?php

namespace App\Http\Controllers;

use Illuminate\Support\Facades\DB;

// Controller actions: the route's placeholders arrive as the action's parameters (routes/web.php).
class NoteController extends Controller
{
    public function show($id)
    {
        // ruleid: SQL_INJECTION
        return DB::select("SELECT * FROM notes WHERE id = $id");
    }

    public function byAuthor(string $author)
    {
        // ruleid: SQL_INJECTION
        return DB::select("SELECT * FROM notes WHERE author = '" . $author . "'");
    }

    // A number the router converted (a non-numeric value is refused before the action runs).
    public function page(int $page)
    {
        // ok: SQL_INJECTION
        return DB::select("SELECT * FROM notes LIMIT 20 OFFSET " . ($page * 20));
    }

    // What a route binder made of the placeholder (records of the user's), not the request's text.
    public function titles(array $notes)
    {
        $ids = implode(',', array_column($notes, 'id'));
        // ok: SQL_INJECTION
        return DB::select("SELECT title FROM notes WHERE id IN ($ids)");
    }
}
