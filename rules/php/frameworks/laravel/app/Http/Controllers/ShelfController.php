<?php

namespace App\Http\Controllers;

use GrahamCampbell\Binput\Facades\Binput;
use Illuminate\Support\Facades\DB;

// Input read through graham-campbell/binput's facade: the request's text, trimmed and cleaned of markup.
class ShelfController extends Controller
{
    public function lookup()
    {
        $label = Binput::get('label');
        // ruleid: SQL_INJECTION
        return DB::select("SELECT id FROM shelves WHERE label = '" . $label . "'");
    }

    public function byColumns()
    {
        $wanted = Binput::except(['page', 'per_page']);
        $column = array_key_first($wanted);
        // ruleid: SQL_INJECTION
        return DB::select('SELECT id FROM shelves ORDER BY ' . $column);
    }

    public function echoLabel()
    {
        // Binput cleans markup out of what it returns (security-core's XSS cleaner).
        // ok: XSS
        return response(Binput::get('label'));
    }
}
