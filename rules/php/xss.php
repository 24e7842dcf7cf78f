<?php
// Storefront pages: greetings and receipts.

use Illuminate\Http\Request;

$name = $_GET['name'] ?? 'guest';
// ruleid: XSS
echo "<h1>Welcome back, $name</h1>";
// ok: XSS
echo '<h1>Welcome back, ' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . '</h1>';
// ruleid: XSS
print '<p>' . $_GET['msg'] . '</p>';
// ok: XSS
echo json_encode(['name' => $name]);
?>
<p>Last search:
<!-- ruleid: XSS -->
<?= $_GET['q'] ?>
</p>
<?php

class CheckoutController
{
    public function receipt(Request $request)
    {
        // ruleid: XSS
        return response('<p>Order for ' . $request->input('customer') . '</p>');
    }

    public function search(Request $request)
    {
        $results = $this->orders->search($request->input('q'));
        // ok: XSS
        return response(view('orders.search', ['q' => $request->input('q'), 'results' => $results]), 200);
    }
}
