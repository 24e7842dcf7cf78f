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

class AttributeMiddleware
{
    // The matched route's action names a controller of the application's route files.
    public function attributes(Request $request, string $attribute): array
    {
        $route = $request->route();
        [$controller, $method] = explode('@', $route->getAction('uses'));
        // ok: UNSAFE_REFLECTION
        $reflection = new ReflectionClass($controller);
        $named = $request->route('controller');
        // ruleid: UNSAFE_REFLECTION
        $other = new ReflectionClass($named);
        return [$reflection->getMethod($method)->getAttributes($attribute), $other];
    }
}

// Each submitted setting may have a check registered for it in the class's own table.
class SettingsController
{
    public static array $resetWhen = [];

    public function save(Request $request)
    {
        foreach ($request->all() as $key => $value) {
            $check = \Illuminate\Support\Arr::get(static::$resetWhen, $key);
            // ok: UNSAFE_REFLECTION
            if ($check !== null && $check($value)) {
                continue;
            }
            $handler = \Illuminate\Support\Arr::get($request->all(), 'handler');
            // ruleid: UNSAFE_REFLECTION
            $handler($value);
        }
    }
}
