<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\View;

class PostController extends Controller
{
    public function show(Request $request)
    {
        $title = $request->input('title');
        $body = $request->input('body');
        return view('posts.show', ['title' => $title, 'body' => e($body), 'site' => 'Blog']);
    }

    public function preview(Request $request)
    {
        $comments = $request->input('comments', []);
        $author = $request->query('author');
        return View::make('posts.preview', compact('comments', 'author'));
    }

    public function draft(Request $request)
    {
        $note = $request->input('note');
        return view('posts.draft')->with('site', 'Blog')->with('note', $note)->with(['summary' => $request->input('summary'), 'status' => 'draft']);
    }
}
