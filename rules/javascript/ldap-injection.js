const ldap = require('ldapjs');
const express = require('express');

const router = express.Router();
const client = ldap.createClient({ url: 'ldaps://directory.example.com' });

router.get('/members', (req, res) => {
  const group = req.query.group;
  // ruleid: LDAP_INJECTION
  client.search('ou=groups,dc=example,dc=com', { filter: '(cn=' + group + ')' }, (err, result) => res.json({ ok: !err && !!result }));
});

router.get('/members/v2', (req, res) => {
  const filter = new ldap.EqualityFilter({ attribute: 'cn', value: String(req.query.group) });
  // ok: LDAP_INJECTION
  client.search('ou=groups,dc=example,dc=com', { filter }, (err, result) => res.json({ ok: !err && !!result }));
});
