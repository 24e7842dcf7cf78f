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

// A recursive key transform walks the source and writes into a fresh object at each level:
// `out['__proto__'] = …` only replaces the prototype of that new object.
function keysToCamel(input) {
  if (typeof input !== 'object' || input === null) return input;
  const out = {};
  for (const k of Object.keys(input)) {
    // ok: PROTOTYPE_POLLUTION
    out[toCamel(k)] = input[k];
    if (typeof input[k] === 'object') {
      // ok: PROTOTYPE_POLLUTION
      out[toCamel(k)] = keysToCamel(input[k]);
    }
  }
  return out;
}

function toCamel(s) {
  return s.replace(/_(\w)/g, (_, c) => c.toUpperCase());
}

// A cookie header parsed one level deep: the pair read through an index only supplies the key.
function parseCookies(header) {
  const jar = {};
  const pairs = header.split(';');
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i].split('=');
    // ok: PROTOTYPE_POLLUTION
    jar[pair[0].trim()] = decodeURIComponent(pair[1] || '');
  }
  return jar;
}

router.post('/import', (req, res) => {
  res.json({ data: keysToCamel(req.body), cookies: parseCookies(req.headers.cookie || '') });
});

// A list kept per key in a member of a result (`report.problems[key]`) that has the same name as a local
// read from it: the write is into the member's object, one level deep, not into the object read through the key.
function recordProblem(report, key, detail) {
  const problems = report.problems[key] || [];
  problems.push(detail);
  // ok: PROTOTYPE_POLLUTION
  report.problems[key] = problems;
}

router.post('/reconcile', (req, res) => {
  const report = { problems: {} };
  recordProblem(report, req.body.ledger, { code: 'MISSING', reason: `no ledger ${req.body.ledger}` });
  res.json(report);
});

// The local read through the key, then written into: a path setter's step.
function assignAt(settings, name, field, value) {
  const section = settings[name];
  // ruleid: PROTOTYPE_POLLUTION
  section[field] = value;
}

router.post('/settings', (req, res) => {
  assignAt({}, req.body.section, req.body.field, req.body.value);
  res.end();
});
