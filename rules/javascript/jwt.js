const express = require('express');
const jwt = require('jsonwebtoken');

const router = express.Router();

function userFromHeader(header) {
  // ruleid: JWT_MISCONFIGURATION
  const claims = jwt.decode(header.replace('Bearer ', ''));
  return claims && claims.sub;
}

function keyIdOf(token) {
  // ok: JWT_MISCONFIGURATION
  return jwt.decode(token, { complete: true }).header.kid;
}

router.get('/me', (req, res) => {
  const sub = userFromHeader(req.get('authorization'));
  res.json({ sub, kid: keyIdOf(req.get('x-partner-token')) });
});

// The token comes back from the identity provider's token endpoint over TLS, not from the client.
async function profileFromProvider(code) {
  const response = await fetch('https://login.example.com/oauth2/token', { method: 'POST', body: new URLSearchParams({ code }) });
  const params = await response.json();
  // ok: JWT_MISCONFIGURATION
  return jwt.decode(params.id_token);
}

module.exports = { router, profileFromProvider };

// passport-jwt's strategy and jsonwebtoken's verify options turn the expiry check off.
function expiredTokensToo(token, key) {
  // ruleid: JWT_MISCONFIGURATION
  return jwt.verify(token, key, { algorithms: ['RS256'], ignoreExpiration: true });
}

// oidc-provider's model look-ups (`RefreshToken.find(value, { ignoreExpiration: true })`) load a stored
// token whatever its expiry, so the grant can answer that it expired: no JWT is verified there.
async function storedRefreshToken(RefreshToken, provider, value, grantId) {
  // ok: JWT_MISCONFIGURATION
  const refreshToken = await RefreshToken.find(value, { ignoreExpiration: true });
  // ok: JWT_MISCONFIGURATION
  const grant = await provider.Grant.find(grantId, {
    ignoreExpiration: true,
  });
  return refreshToken && !refreshToken.isExpired ? [refreshToken, grant] : undefined;
}

module.exports.more = { expiredTokensToo, storedRefreshToken };
