<?php

use App\Http\Controllers\BookmarkController;
use App\Http\Controllers\NoteController;
use Illuminate\Support\Facades\Route;

Route::get('/bookmarks', [BookmarkController::class, 'index']);
Route::get('/bookmarks/{id}/open', [BookmarkController::class, 'open']);
Route::post('/bookmarks', [BookmarkController::class, 'store']);
Route::post('/bookmarks/import', [BookmarkController::class, 'import']);
Route::get('/exports/{file}', [BookmarkController::class, 'export']);
Route::get('/notes/{id}', [NoteController::class, 'show']);
Route::get('/notes/by/{author}', [NoteController::class, 'byAuthor']);
Route::get('/notes/page/{page}', [NoteController::class, 'page']);
Route::get('/notes/titles/{noteList}', [NoteController::class, 'titles']);

Route::get('/tags/{tag}', function (string $tag) {
    // ruleid: XSS
    return response('<h1>' . $tag . '</h1>');
});

Route::get('/users/{id}', function (int $id) {
    // ok: XSS
    return response('<h1>User ' . $id . '</h1>');
});

// A build server's webhook: it answers the CI service, which names the event in a header of its own.
Route::post('/hooks/build', function (Illuminate\Http\Request $request) {
    $event = $request->header('X-Build-Event');
    $branch = $request->input('ref');
    if ($request->input('dry_run')) {
        // ok: XSS
        return response(['status' => 'skipped', 'message' => "Build of $branch skipped."]);
    }
    // ok: XSS
    return response("Event '$event' is not handled.");
});

Route::get('/back', function (Illuminate\Http\Request $request) {
    // ruleid: XSS
    return response('<a href="' . $request->header('Referer') . '">Back</a>');
});

Route::get('/search', function () {
    // ruleid: XSS
    return response('Results for ' . request('q'));
});

Route::post('/sources/ping', [App\Http\Controllers\GitSourceController::class, 'ping']);
Route::get('/sources/show', [App\Http\Controllers\GitSourceController::class, 'show']);
Route::get('/backups/{run}', [App\Http\Controllers\GitSourceController::class, 'download']);
Route::post('/tags', [App\Http\Controllers\GitSourceController::class, 'tag']);
Route::get('/sources/raw', [App\Http\Controllers\GitSourceController::class, 'raw']);
Route::post('/sources/pick', [App\Http\Controllers\GitSourceController::class, 'pick']);
Route::post('/sources/import', [App\Http\Controllers\GitSourceController::class, 'import']);
