<?php
// Admin helpers of a small shop: MongoDB look-ups.

// ruleid: NOSQL_INJECTION
$user = $users->findOne(['login' => $_POST['login'], 'active' => true]);
// ok: NOSQL_INJECTION
$user2 = $users->findOne(['login' => (string) $_POST['login'], 'active' => true]);
