<?php
// Admin helpers of a small shop: request data bound to variables and models.

use Illuminate\Http\Request;

// ruleid: MASS_ASSIGNMENT
extract($_POST);
// ruleid: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING']);
// ok: MASS_ASSIGNMENT
parse_str($_SERVER['QUERY_STRING'], $query);

class ExportController
{
    public function store(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        $post = Post::create($request->all());
        // ok: MASS_ASSIGNMENT
        $post2 = Post::create($request->only(['title', 'body']) + ['author_id' => 1]);
        return [$post, $post2];
    }

    public function save(Request $request, Post $post)
    {
        // ok: MASS_ASSIGNMENT
        $this->posts->update($post, $request->all());
        foreach ($request->all() as $name => $value) {
            // ok: MASS_ASSIGNMENT
            Setting::query()->firstOrNew(['setting_key' => $name])->fill(['value' => $value])->save();
        }
        // ruleid: MASS_ASSIGNMENT
        $post->update($request->all());
        return $post;
    }
}
