// accounts-js: the server's `resumeSession(accessToken)` verifies the token's signature with the server's
// `tokenSecret` and loads its session. Decoding it first only to skip expired tokens trusts nothing.
import jwtDecode from 'jwt-decode';
import { AccountsServer } from '@accounts/server';
import express from 'express';

const accountsServer = new AccountsServer({ db: null, tokenSecret: process.env.TOKEN_SECRET }, {});

function hasExpired(accessToken) {
  // ok: JWT_MISCONFIGURATION
  const { exp } = jwtDecode(accessToken);
  return exp < Date.now() / 1000;
}

async function userFromToken(header) {
  const accessToken = header.replace(/bearer\s/gi, '');
  if (hasExpired(accessToken)) return null;
  return accountsServer.resumeSession(accessToken);
}

function claimsOf(accessToken) {
  // ruleid: JWT_MISCONFIGURATION
  return jwtDecode(accessToken);
}

async function accountOf(header) {
  const accessToken = header.replace(/bearer\s/gi, '');
  return { userId: claimsOf(accessToken).sub };
}

const app = express();
app.use(async (req, res, next) => {
  req.user = await userFromToken(req.headers.authorization || '');
  next();
});
app.get('/account', async (req, res) => {
  res.json(await accountOf(req.headers.authorization || ''));
});
