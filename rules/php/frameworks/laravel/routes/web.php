<?php

use App\Http\Controllers\BookmarkController;
use Illuminate\Support\Facades\Route;

Route::get('/bookmarks', [BookmarkController::class, 'index']);
Route::get('/bookmarks/{id}/open', [BookmarkController::class, 'open']);
Route::post('/bookmarks', [BookmarkController::class, 'store']);
Route::post('/bookmarks/import', [BookmarkController::class, 'import']);
Route::get('/exports/{file}', [BookmarkController::class, 'export']);

Route::get('/tags/{tag}', function (string $tag) {
    // ruleid: XSS
    return response('<h1>' . $tag . '</h1>');
});

Route::get('/users/{id}', function (int $id) {
    // ok: XSS
    return response('<h1>User ' . $id . '</h1>');
});
