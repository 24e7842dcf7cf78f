const express = require('express');
const logger = require('./logger');

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
  res.status(401).end();
});
