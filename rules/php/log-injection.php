<?php
// Admin helpers of a small shop: logs.

use Illuminate\Http\Request;

$name = $_POST['name'] ?? '';
// ruleid: LOG_INJECTION
error_log('new subscriber ' . $name);
// ok: LOG_INJECTION
error_log('new subscriber ' . str_replace(["\r", "\n"], '', $name));

class ExportController
{
    public function save(Request $request, Post $post)
    {
        // ok: LOG_INJECTION
        Log::info('post saved from ' . $request->fullUrl() . ' by ' . $request->userAgent());
        return $post;
    }
}
