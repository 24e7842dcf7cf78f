<?php
require_once __DIR__ . '/lib/db.php';

if (isset($_FILES['photo'])) {
    // ruleid: UNSAFE_FILE_UPLOAD
    move_uploaded_file($_FILES['photo']['tmp_name'], __DIR__ . '/photos/' . $_FILES['photo']['name']);
    // ok: UNSAFE_FILE_UPLOAD
    move_uploaded_file($_FILES['photo']['tmp_name'], __DIR__ . '/photos/' . bin2hex(random_bytes(16)) . '.jpg');
}

foreach ($_FILES['scans']['name'] as $i => $name) {
    // ruleid: UNSAFE_FILE_UPLOAD
    move_uploaded_file($_FILES['scans']['tmp_name'][$i], __DIR__ . '/scans/' . $name);
}

$profile = new Profile();
// ruleid: MASS_ASSIGNMENT
$profile->fill($_POST);
// ok: MASS_ASSIGNMENT
$profile->fill(['nickname' => $_POST['nickname'] ?? '']);
$profile->save();

// PHP sets an upload's `error` code and `size` itself (integers); the client chooses its `name` and `type`.
if (isset($_FILES['report'])) {
    if ($_FILES['report']['error'] !== UPLOAD_ERR_OK) {
        // ok: XSS
        echo '{"status":"error","error":"' . $_FILES['report']['error'] . '"}';
        exit;
    }
    // ok: XSS
    echo 'Received ' . $_FILES['report']['size'] . ' bytes';
    // ok: XSS
    echo 'First part failed with code ' . $_FILES['parts']['error'][0];
    // ruleid: XSS
    echo 'Received ' . $_FILES['report']['type'];
    // ruleid: XSS
    echo 'Received ' . $_FILES['report']['name'];
}
