<?php
// Admin helpers of a small shop: classes chosen by the request.

use Illuminate\Http\Request;

class ExportController
{
    public function run(Request $request)
    {
        $class = $request->input('exporter');
        // ruleid: UNSAFE_REFLECTION
        $exporter = new $class();
        $known = ['csv' => CsvExporter::class];
        $safeClass = $known[$request->input('format')] ?? CsvExporter::class;
        // ok: UNSAFE_REFLECTION
        $safe = new $safeClass();
        return [$exporter, $safe];
    }
}
