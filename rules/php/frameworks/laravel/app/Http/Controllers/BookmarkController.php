<?php

namespace App\Http\Controllers;

use App\Models\Bookmark;
use App\Services\PreviewService;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Log;
use Illuminate\Support\Facades\Redirect;
use Illuminate\Support\Facades\Storage;
use Illuminate\Support\Facades\URL;
use Illuminate\Support\Str;

class BookmarkController extends Controller
{
    public function __construct(private PreviewService $previews)
    {
    }

    public function index(Request $request)
    {
        $sort = $request->input('sort', 'created_at');
        // ruleid: SQL_INJECTION
        $rows = Bookmark::orderByRaw($sort . ' desc')->get();
        // ok: SQL_INJECTION
        $mine = Bookmark::whereRaw('owner_id = ?', [$request->user()->id])->get();
        // ruleid: SQL_INJECTION
        $count = DB::select('select count(*) as n from bookmarks where tag = ' . $request->query('tag'));
        // ok: XSS
        return view('bookmarks.index', ['rows' => $rows, 'sort' => $sort, 'count' => $count, 'mine' => $mine]);
    }

    public function open(Request $request, int $id)
    {
        $bookmark = Bookmark::findOrFail($id);
        // ok: OPEN_REDIRECT
        redirect()->to($bookmark->url);
        // ok: OPEN_REDIRECT
        Redirect::to(route('bookmarks.show', ['id' => $id]));
        // ruleid: OPEN_REDIRECT
        return redirect($request->input('return_to'));
    }

    // After a payment: back to the invoice page, a signed link when the visitor is not signed in.
    public function shared(Request $request, int $id)
    {
        $next = $request->user()
            ? route('bookmarks.show', ['id' => $id, 'ref' => $request->input('ref')])
            : URL::signedRoute('bookmarks.shared', ['id' => $id, 'ref' => $request->input('ref')]);
        if ($request->boolean('later')) {
            // ok: OPEN_REDIRECT
            return redirect(url()->temporarySignedRoute('bookmarks.shared', now()->addHour(), ['ref' => $request->input('ref')]));
        }
        if ($request->has('next')) {
            // ruleid: OPEN_REDIRECT
            return redirect(URL::to($request->input('next')));
        }
        // ok: OPEN_REDIRECT
        return redirect($next);
    }

    public function import(Request $request)
    {
        $url = $request->post('url');
        // ruleid: LOG_INJECTION
        Log::info('import from ' . $url);
        // ok: LOG_INJECTION
        Log::info('import of page ' . $request->integer('page'));
        $html = $this->previews->fetch($url);
        $this->previews->repository($request->input('repository'));
        // ok: XSS
        return response(e($request->title) . strlen($html));
    }

    public function export(Request $request, string $file)
    {
        // ruleid: PATH_TRAVERSAL
        return response()->download(storage_path('exports/' . $request->route('file')));
    }

    public function store(Request $request)
    {
        // ruleid: MASS_ASSIGNMENT
        $bookmark = Bookmark::create($request->all());
        // ruleid: MASS_ASSIGNMENT
        $bookmark->update($request->input());
        // ruleid: MASS_ASSIGNMENT
        $bookmark->fill(request()->all());
        // ok: MASS_ASSIGNMENT
        $bookmark->update($request->only(['title', 'url']));
        return redirect()->route('bookmarks.show', ['id' => $bookmark->id]);
    }

    public function exportSlug(Request $request)
    {
        // ok: PATH_TRAVERSAL
        return response()->download(storage_path('exports/' . Str::slug($request->input('name')) . '.csv'));
    }

    // A stored attachment: a signed URL on the disk's own host, the name only in its path.
    public function attachment(Request $request)
    {
        $name = $request->input('name');
        if (config('filesystems.default') === 's3') {
            // ok: OPEN_REDIRECT
            return redirect()->away(Storage::disk('s3')->temporaryUrl('attachments/' . $name, now()->addMinutes(5)));
        }
        // ruleid: OPEN_REDIRECT
        return redirect()->away($request->input('mirror') . '/attachments/' . $name);
    }
}
