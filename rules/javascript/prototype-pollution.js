const express = require('express');

const router = express.Router();
router.use(express.json());

const BLOCKED = new Set(['__proto__', 'constructor', 'prototype']);

function assignDeep(target, patch) {
  for (const [key, value] of Object.entries(patch)) {
    if (value && typeof value === 'object') {
      target[key] = target[key] || {};
      assignDeep(target[key], value);
    } else {
      // ruleid: PROTOTYPE_POLLUTION
      target[key] = value;
    }
  }
  return target;
}

function assignDeepSafe(target, patch) {
  for (const [key, value] of Object.entries(patch)) {
    if (BLOCKED.has(key)) continue;
    // ok: PROTOTYPE_POLLUTION
    target[key] = value;
  }
  return target;
}

router.patch('/prefs', (req, res) => {
  const prefs = {};
  assignDeep(prefs, req.body);
  assignDeepSafe(prefs, req.body);
  const hits = Object.create(null);
  for (const tag of req.body.tags || []) {
    // ok: PROTOTYPE_POLLUTION
    hits[tag] = (hits[tag] || 0) + 1;
  }
  res.json({ prefs, hits });
});
