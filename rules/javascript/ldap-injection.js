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

router.post('/members/remove', (req, res) => {
  // ruleid: LDAP_INJECTION
  client.del(`uid=${req.body.user},ou=people,dc=example,dc=com`, (err) => res.json({ ok: !err }));
});

// A cache entry named after the request: not a DN.
router.post('/codes/reset', async (req, res) => {
  const key = cacheKey(req.body.email);
  // ok: LDAP_INJECTION
  await req.app.locals.redis.del(key, `${key}:attempts`);
  res.end();
});

function cacheKey(email) {
  return `verification:${email.toLowerCase()}`;
}
