<?php
// Admin helpers of a small shop: LDAP look-ups.

$ds = ldap_connect('ldaps://ldap.example.com');
$uid = $_GET['uid'] ?? '';
// ruleid: LDAP_INJECTION
$sr = ldap_search($ds, 'ou=people,dc=example,dc=com', "(uid=$uid)");
// ok: LDAP_INJECTION
$sr2 = ldap_search($ds, 'ou=people,dc=example,dc=com', '(uid=' . ldap_escape($uid, '', LDAP_ESCAPE_FILTER) . ')');
