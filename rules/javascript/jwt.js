const jwt = require('jsonwebtoken');

const SECRET = process.env.JWT_SECRET;

function userFromHeader(header) {
  // ruleid: JWT_MISCONFIGURATION
  const claims = jwt.decode(header.replace('Bearer ', ''));
  return claims && claims.sub;
}

function userFromCookie(token) {
  // ok: JWT_MISCONFIGURATION
  return jwt.verify(token, SECRET, { algorithms: ['HS256'] }).sub;
}

function legacyUser(token) {
  // ruleid: JWT_MISCONFIGURATION
  return jwt.verify(token, SECRET, { algorithms: ['HS256', 'none'] }).sub;
}

function partnerUser(token, keys) {
  // ok: JWT_MISCONFIGURATION
  const { header } = jwt.decode(token, { complete: true });
  return jwt.verify(token, keys.get(header.kid), { algorithms: ['RS256'] }).sub;
}

module.exports = { userFromHeader, userFromCookie, legacyUser, partnerUser };
