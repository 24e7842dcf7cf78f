<?php
// Customer lookups in a small back office (mysqli, PDO, Laravel).

use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

$db = new mysqli('localhost', 'app', getenv('DB_PASSWORD'), 'shop');
$name = $_GET['name'] ?? '';

$search = new SearchClient(getenv('SEARCH_URL'));
// ok: SQL_INJECTION
$hits = $search->query($name . '*');

$reports = new PDO(getenv('REPORTS_DSN'));
$where = 'sku = ' . $_GET['sku'];
// ruleid: SQL_INJECTION
$totals = $reports->query(buildTotalsQuery($where))->fetchAll();

// ruleid: SQL_INJECTION
$rows = mysqli_query($db, "SELECT * FROM customers WHERE name = '$name'");

// ok: SQL_INJECTION
$stmt = $db->prepare('SELECT * FROM customers WHERE name = ?');
$stmt->bind_param('s', $name);

$id = (int) ($_GET['id'] ?? 0);
// ok: SQL_INJECTION
$one = $db->query("SELECT * FROM customers WHERE id = $id");

function byCity(PDO $pdo, string $city)
{
    // ruleid: SQL_INJECTION
    return $pdo->query('SELECT * FROM customers WHERE city = ' . $city)->fetchAll();
}
byCity(new PDO('sqlite::memory:'), $_POST['city']);

function byCountry(PDO $pdo, string $country)
{
    // ok: SQL_INJECTION
    return $pdo->query('SELECT * FROM customers WHERE country = ' . $pdo->quote($country))->fetchAll();
}
byCountry(new PDO('sqlite::memory:'), $_POST['country']);

class CustomerController
{
    public function search(Request $request)
    {
        $term = $request->input('q');
        // ruleid: SQL_INJECTION
        $found = DB::select("SELECT * FROM customers WHERE name LIKE '%" . $term . "%'");
        // ok: SQL_INJECTION
        $safe = DB::select('SELECT * FROM customers WHERE name LIKE ?', ['%' . $term . '%']);
        // ruleid: SQL_INJECTION
        $sorted = Customer::query()->orderByRaw($request->query('sort'))->get();
        // ok: SQL_INJECTION
        $bound = Customer::whereRaw('age > ?', [$request->integer('age')])->get();
        return [$found, $safe, $sorted, $bound];
    }
}

// A WordPress AJAX handler.
function shop_ajax_orders()
{
    global $wpdb;
    $status = $_POST['status'] ?? 'paid';
    // ruleid: SQL_INJECTION
    $orders = $wpdb->get_results("SELECT * FROM {$wpdb->prefix}orders WHERE status = '$status'");
    // ok: SQL_INJECTION
    $same = $wpdb->get_results($wpdb->prepare("SELECT * FROM {$wpdb->prefix}orders WHERE status = %s", $status));
    $page = absint($_POST['page'] ?? 1);
    // ok: SQL_INJECTION
    $paged = $wpdb->get_results("SELECT * FROM {$wpdb->prefix}orders LIMIT 20 OFFSET " . ($page * 20));
    wp_send_json([$orders, $same, $paged]);
}

// A sanitiser in one case of a switch does not clean the value its sibling case uses.
function report_rows($db)
{
    $value = $_GET['value'];
    switch ($_GET['mode']) {
        case 'id':
            $value = intval($value);
            // ok: SQL_INJECTION
            mysqli_query($db, "SELECT * FROM reports WHERE id = " . $value);
            break;
        case 'name':
            // ruleid: SQL_INJECTION
            mysqli_query($db, "SELECT * FROM reports WHERE name = '" . $value . "'");
            break;
        default:
            $value = intval($value);
    }
    // ruleid: SQL_INJECTION
    mysqli_query($db, "SELECT * FROM audit WHERE ref = '" . $value . "'");
}

// A project's query wrapper on a global connection.
function app_query($query)
{
    global $mysqli;
    // ruleid: SQL_INJECTION
    return $mysqli->query($query);
}

function delete_permalink()
{
    $link = $_GET['delete'];
    app_query("DELETE FROM old_permalinks WHERE permalink = '" . $link . "'");
    // ok: SQL_INJECTION
    app_query("DELETE FROM old_permalinks WHERE id = " . intval($_GET['id']));
}

function search_index()
{
    global $index;
    // ok: SQL_INJECTION
    return $index->query($_GET['q']);
}

// The PHP 5 mysql_ extension: its escaper quotes the value like mysqli's.
class Coupons
{
    function find_coupon($code)
    {
        $query = sprintf("SELECT * FROM coupons WHERE code = '%s' LIMIT 1;", mysql_real_escape_string($code));
        // ok: SQL_INJECTION
        return mysql_query($query);
    }

    function find_by_label($label)
    {
        $query = "SELECT * FROM coupons WHERE label LIKE '%" . $label . "%'";
        // ruleid: SQL_INJECTION
        return mysql_query($query);
    }
}

function coupon_page()
{
    $coupons = new Coupons();
    $coupons->find_coupon($_POST['couponcode']);
    $coupons->find_by_label($_GET['label']);
}

// `${name}` inside a double-quoted string is the variable `$name`, as `{$name}` and `$name` are.
function order_page($conn)
{
    $id = $_GET['id'];
    // ruleid: SQL_INJECTION
    mysqli_query($conn, "SELECT * FROM orders WHERE id = '${id}'");
    $status = 'open';
    // ok: SQL_INJECTION
    mysqli_query($conn, "SELECT * FROM orders WHERE status = '${status}'");
}
