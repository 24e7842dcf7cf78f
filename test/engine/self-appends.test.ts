// `url = url . next` gives a name its own text with more after it: it is the append `url .= next` (walk.ts
// knownStart), judged by the constant start the name held. A name that held request data keeps it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const php = (start: string) =>
  [
    '<?php',
    'use Illuminate\\Http\\Request;',
    'use Illuminate\\Support\\Facades\\Http;',
    'class RatesController',
    '{',
    '    public function rate(Request $request)',
    '    {',
    `        $url = ${start};`,
    "        $url = $url . '&symbols=' . $request->input('currency');",
    '        return Http::get($url)->json();',
    '    }',
    '}',
  ].join('\n');

const js = (start: string) =>
  [
    "const express = require('express');",
    'const app = express();',
    "app.get('/go', (req, res) => {",
    `  let target = ${start};`,
    '  target = target + req.query.page;',
    '  res.redirect(target);',
    '});',
  ].join('\n');

test('a self-append keeps the fixed host or site path the name started with', async () => {
  assert.deepEqual(findingLines(await scanProject({ 'app/RatesController.php': php("'https://api.rates.example/latest?apikey=' . KEY") }), 'SSRF'), []);
  assert.deepEqual(findingLines(await scanProject({ 'src/app.js': js("'/docs/'") }), 'OPEN_REDIRECT'), []);
});

test('a start that leaves the host open, or request data in the name, stays reported', async () => {
  assert.deepEqual(findingLines(await scanProject({ 'app/RatesController.php': php("$request->input('base')") }), 'SSRF'), [10]);
  assert.deepEqual(findingLines(await scanProject({ 'app/RatesController.php': php("'https://'") }), 'SSRF'), [10]);
  assert.deepEqual(findingLines(await scanProject({ 'src/app.js': js("'/'") }), 'OPEN_REDIRECT'), [6]);
});
