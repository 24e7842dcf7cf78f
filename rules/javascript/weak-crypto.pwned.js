// Sign-up refuses passwords found in breaches: the Pwned Passwords range API takes the first five
// hex digits of the password's SHA-1 (k-anonymity) and returns the suffixes it knows.
const crypto = require('node:crypto');

async function isBreached(password) {
  // ok: WEAK_HASH
  const digest = crypto.createHash('sha1').update(password).digest('hex').toUpperCase();
  const res = await fetch(`https://api.pwnedpasswords.com/range/${digest.slice(0, 5)}`);
  return (await res.text()).includes(digest.slice(5));
}

// What the API does not prescribe is still reported in the same file.
function rememberPassword(user, password) {
  // ruleid: WEAK_HASH
  user.digest = crypto.createHash('md5').update(password).digest('hex');
}

module.exports = { isBreached, rememberPassword };
