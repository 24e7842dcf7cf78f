<?php

namespace App\Http\Controllers;

use App\Models\BackupRun;
use App\Models\GitSource;
use App\Models\Tag;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;
use Maatwebsite\Excel\Facades\Excel;

// The request chooses which stored record to read (by uuid, id, a scope and a where); the record's fields were
// written by the application, so what they feed into is not the request's text.
class GitSourceController extends Controller
{
    public function ping(Request $request)
    {
        $source = GitSource::ownedByCurrentTeam()->whereUuid($request->input('source_uuid'))->firstOrFail();
        // ok: SSRF
        $zen = Http::get("{$source->api_url}/zen")->body();
        $mirror = GitSource::query()->where('uuid', $request->query('mirror'))->first();
        // ok: SSRF
        Http::withToken($mirror->token)->post($mirror->api_url . '/hooks');
        $named = DB::table('git_sources')->where('name', $request->input('name'))->value('api_url');
        // ok: SSRF
        Http::get($named . '/meta');
        // ruleid: SSRF
        return Http::get($request->input('api_url') . '/zen')->body() . $zen;
    }

    public function show(Request $request)
    {
        $source = GitSource::findOrFail($request->input('id'));
        // ok: XSS
        return response('<h1>' . $source->name . '</h1><a href="' . $source->html_url . '">open</a>');
    }

    public function download(Request $request)
    {
        $execution = BackupRun::where('id', $request->route('run'))->where('team_id', $request->user()->current_team_id)->firstOrFail();
        // ok: PATH_TRAVERSAL
        return response()->download(storage_path('backups/' . $execution->filename));
    }

    public function avatar(Request $request)
    {
        // Builder lookups that end in a record too: `firstWhere`, `sole`, `firstOr`, `findOr` after `query()` or a
        // `where`; the record's stored path is the application's.
        $owner = GitSource::query()->firstWhere('email', $request->input('email'));
        // ok: PATH_TRAVERSAL
        $avatar = response()->file(storage_path('avatars/' . $owner->avatar));
        $only = GitSource::query()->where('name', $request->input('name'))->sole();
        // ok: PATH_TRAVERSAL
        response()->download(storage_path('exports/' . $only->export_file));
        $found = GitSource::query()->findOr($request->input('id'), fn () => abort(404));
        // ok: PATH_TRAVERSAL
        response()->download(storage_path('exports/' . $found->export_file));
        // ruleid: PATH_TRAVERSAL
        response()->download(storage_path('exports/' . $request->input('file')));
        return $avatar;
    }

    public function tag(Request $request)
    {
        // A record made from the request's own values holds them.
        $tag = Tag::firstOrCreate(['name' => $request->input('tag')]);
        // ruleid: XSS
        return response('<h1>' . $tag->name . '</h1>');
    }

    public function raw(Request $request)
    {
        // ruleid: SQL_INJECTION
        $row = GitSource::whereRaw('uuid = ' . $request->input('uuid'))->first();
        // A query the request wrote can return rows of its choosing (a UNION).
        // ruleid: XSS
        return response('<h1>' . $row->name . '</h1>');
    }

    public function pick(Request $request)
    {
        $row = collect($request->input('rows'))->where('id', 3)->first();
        // ruleid: XSS
        return response('<h1>' . $row['name'] . '</h1>');
    }

    public function import(Request $request)
    {
        // The rows of the client's spreadsheet, not of a table.
        $row = Excel::toCollection(new \App\Imports\SourcesImport(), $request->file('sheet'))->first()->where('type', 'git')->first();
        // ruleid: SSRF
        return Http::get($row['api_url'])->body();
    }
}
