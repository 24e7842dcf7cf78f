const express = require('express');
const logger = require('./logger');
const { Logger } = require('@nestjs/common');

const router = express.Router();

router.post('/login', (req, res) => {
  // ruleid: LOG_INJECTION
  console.log(`login attempt for ${req.body.user}`);
  // ok: LOG_INJECTION
  logger.info({ user: req.body.user }, 'login attempt');
  const user = String(req.body.user).replace(/[\r\n]/g, '');
  // ok: LOG_INJECTION
  logger.warn('login attempt for ' + user);
  // ruleid: LOG_INJECTION
  logger.error('bad password for ' + req.body.user);
  // Debug, trace and verbose lines are off at the level production runs at.
  // ok: LOG_INJECTION
  logger.debug('password check for ' + req.body.user);
  // ok: LOG_INJECTION
  Logger.verbose(`password check for ${req.body.user}`, 'AuthService');
  // ruleid: LOG_INJECTION
  console.debug('password check for ' + req.body.user);
  res.status(401).end();
});

// The request line and header values cannot hold CR/LF (the HTTP parser rejects them).
router.get('/files/*', (req, res) => {
  // ok: LOG_INJECTION
  logger.info(`download ${req.path} for ${req.ip} via ${req.get('user-agent')}`);
  // ok: LOG_INJECTION
  logger.warn('download refused', { name: req.query.name, reason: 'quota' });
  // ruleid: LOG_INJECTION
  logger.warn(`download refused for ${req.params[0]}`, { reason: 'quota' });
  res.status(403).end();
});

router.get('/oauth/callback', (req, res) => {
  // ok: LOG_INJECTION
  logger.error('error from the identity provider', new Error(String(req.query.error_description)));
  res.redirect('/login');
});

// What an adapter returns for the request is its own answer, not the request's text.
const { validatorFor } = require('./auth-adapters');

router.post('/auth/:provider', async (req, res) => {
  const result = await validatorFor('password')(req.body.authData);
  // ok: LOG_INJECTION
  logger.error(`auth step ${result.method} failed`);
  res.status(401).end();
});
