<?php
// routes/web.php of a small Laravel shop: closures that get the route's placeholders.

use App\Models\Order;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Route;

Route::get('/orders/by-ref/{ref}', function ($ref) {
    // ruleid: SQL_INJECTION
    return DB::select("SELECT * FROM orders WHERE reference = '$ref'");
});

Route::get('/orders/{id}', function (int $id) {
    // ok: SQL_INJECTION
    return DB::select("SELECT * FROM orders WHERE id = $id");
});

Route::get('/orders/{order}/lines', function (Order $order, Request $request) {
    // ok: SQL_INJECTION
    return DB::select('SELECT * FROM order_lines WHERE order_id = ' . $order->id);
});

Route::post('/orders/search/{status}', function (string $status) {
    // ok: SQL_INJECTION
    return DB::select('SELECT * FROM orders WHERE status = ?', [$status]);
});

$cache->remember('totals', 60, function ($key) {
    // ok: SQL_INJECTION
    return DB::select("SELECT SUM(total) FROM orders WHERE shop = '$key'");
});
