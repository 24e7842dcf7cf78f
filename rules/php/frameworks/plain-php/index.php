<?php
require_once __DIR__ . '/lib/db.php';
require_once __DIR__ . '/lib/view.php';

$q = $_GET['q'] ?? '';
$page = (int) ($_GET['page'] ?? 1);
$rows = find_articles(db(), $q);
?>
<html>
<body>
<!-- ruleid: XSS -->
<h1>Results for <?= $q ?></h1>
<!-- ok: XSS -->
<p>Results for <?= htmlspecialchars($q, ENT_QUOTES, 'UTF-8') ?></p>
<!-- ok: XSS -->
<p>Page <?= $page ?></p>
<?php
// ruleid: XSS
echo title_tag($_POST['title'] ?? '');
// ruleid: XSS
print '<p>' . $_COOKIE['last_search'] . '</p>';
// ok: XSS
echo '<p>' . intval($_REQUEST['id']) . '</p>';
?>
</body>
</html>
