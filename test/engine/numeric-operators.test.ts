// Arithmetic gives a number (`$date + 86400`, `page * size`): none of the data's text reaches a sink through it,
// whatever the sink, but a weak random number stays one. PHP's `+` only with a fixed number on one side (two arrays
// added are their union); operators that also work on texts keep the data (`+` elsewhere, Python's `*` and `%`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('PHP: arithmetic on request data prints a number; + of two request values may be an array union', async () => {
  const page = [
    '<?php',
    '$date = $_GET["d"];',
    '$next = $date + (24 * 60 * 60);',
    'echo $next;',
    'echo $date - 86400;',
    'echo $date * 2;',
    'echo $date . " days";',
    'echo $_GET["x"] + $_GET["y"];',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'calendar.php': page }), 'XSS'), [7, 8]);
});

test('JavaScript: subtraction gives a number, + builds a text', async () => {
  const code = [
    'const express = require("express");',
    'const app = express();',
    'app.get("/page", (req, res) => {',
    '  const offset = req.query.page - 1;',
    '  res.send("<p>" + offset + "</p>");',
    '  res.send("<p>" + (req.query.page + 1) + "</p>");',
    '});',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app.js': code }), 'XSS'), [6]);
});
