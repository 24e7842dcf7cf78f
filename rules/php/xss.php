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

    // A file's text sent as plain text is shown as text, not rendered as a page.
    public function raw(Request $request)
    {
        $text = $this->files->read($request->get('file'));
        // ok: XSS
        return new Response($text, Response::HTTP_OK, ['Content-Type' => 'text/plain']);
    }

    public function preview(Request $request)
    {
        $text = $this->files->read($request->get('file'));
        // ruleid: XSS
        return new Response($text, Response::HTTP_OK, ['Content-Type' => 'text/html']);
    }

    // A bill of materials sent as CSV (its type set on the response's headers afterwards) is not rendered as a page.
    public function exportBom(Request $request)
    {
        $csv = $this->files->read($request->get('project') . '_bom.csv');
        // ok: XSS
        $response = new Response($csv);
        $response->headers->set('Content-Type', 'text/csv; charset=UTF-8');
        return $response;
    }
}

// Base64 text carries no markup; a project's own escaper is named for what it does.
$note = $_POST['note'] ?? '';
// ok: XSS
echo '<td>' . base64_encode($note) . '</td>';
// ok: XSS
print '<li>' . html_escape($note) . '</li>';
// ruleid: XSS
print '<li>' . html_entity_decode($note) . '</li>';
// A static helper of the project's own, named for htmlspecialchars (`Format::htmlchars`, which escapes an array's
// values as well), and methods of an escaper object named for what they do.
$posted = Format::htmlchars($_POST, true);
// ok: XSS
echo '<input name="title" value="' . $posted['title'] . '">';
// ok: XSS
echo '<input type="hidden" name="a" value="' . Format::htmlchars($_REQUEST['a']) . '">';
// ok: XSS
echo '<p>' . $escaper->escapeHtml($note) . '</p>';
$picked = $_POST['picked'] ?? [];
// ok: XSS
echo '<p>' . ngettext('Delete this item?', 'Delete these items?', count_items($picked)) . '</p>';

// The nodes an XPath query selects come from the document, not from the expression.
$finder = new DOMXPath($menu);
// ruleid: XPATH_INJECTION
$hits = $finder->query("//dish[@name='" . $_POST['dish'] . "']");
foreach ($hits as $hit) {
    // ok: XSS
    echo '<b>' . $hit->getElementsByTagName('price')->item(0)->nodeValue . '</b>';
}
// ruleid: XSS
echo '<i>' . $finder->evaluate("concat('', '" . $_POST['dish'] . "')") . '</i>';

function listDishes(DOMXPath $index, string $dish): void
{
    // ruleid: XPATH_INJECTION
    foreach ($index->query("//dish[@name='$dish']") as $row) {
        // ok: XSS
        echo '<b>' . $row->nodeValue . '</b>';
    }
}
listDishes($finder, $_GET['dish'] ?? '');

$item = $_GET['item'] ?? '';
if (!ctype_digit($item)) {
    // ruleid: XSS
    die('No such item: ' . $item);
}
$result = mysqli_query($db, 'SELECT * FROM items WHERE id = ' . $item);
if (!$result) {
    // ok: XSS
    exit('Lookup failed, error ' . mysqli_errno($db));
}

// A plugin filter (WordPress's `apply_filters($hook, $value, ...$context)`) gives back the value it was handed,
// as the hooked plugins changed it; the arguments after it are context the plugins may read, not the result.
function plugin_title_box(): void
{
    $raw = $_GET['title'] ?? '';
    // ok: XSS
    echo '<h2>' . apply_filters('esc_html', esc_html($raw), $raw) . '</h2>';
    // ruleid: XSS
    echo '<h2>' . apply_filters('the_title', $raw, 0) . '</h2>';
}
