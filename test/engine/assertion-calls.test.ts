// A check written as a call that stops the request unless it holds (Laravel's `abort_unless`, Spring's
// `Assert.isTrue`, `invariant`) vets what it checks for the code after it, as `if (!ok) abort();` does; a call that
// stops when its check holds (`abort_if`) vets the negation. A check that does not vet the value vets nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function findings(path: string, text: string, type: string): Promise<number[]> {
  const { findings } = await scanSourceFiles([{ path, content: Buffer.from(text) }], { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === type).map((f) => f.line).sort((a, b) => a - b);
}

const laravel = (check: string) =>
  [
    '<?php',
    'namespace App\\Http\\Controllers;',
    'use Illuminate\\Http\\Request;',
    'use Illuminate\\Support\\Facades\\Http;',
    'class InstallController extends Controller',
    '{',
    '    public function show(Request $request)',
    '    {',
    "        $id = (string) $request->query('installation_id', '');",
    `        ${check}`,
    "        return Http::get('http' . $id);",
    '    }',
    '}',
  ].join('\n');

test('PHP: abort_unless(check) and abort_if(!check) vet the value for the rest of the action', async () => {
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel("abort_unless(ctype_digit($id), 422, 'bad id');"), 'SSRF'), []);
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel("abort_if(!ctype_digit($id), 422);"), 'SSRF'), []);
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel('throw_unless(ctype_digit($id), new \\InvalidArgumentException());'), 'SSRF'), []);
});

test('PHP: a call-form check that does not hold after the call, or checks nothing of the value, vets nothing', async () => {
  // abort_if(check) stops when the id is numeric: what continues is anything else.
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel('abort_if(ctype_digit($id), 422);'), 'SSRF'), [11]);
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel('abort_unless(!ctype_digit($id), 422);'), 'SSRF'), [11]);
  assert.deepEqual(await findings('app/Http/Controllers/InstallController.php', laravel('abort_unless($request->user() !== null, 403);'), 'SSRF'), [11]);
});

const spring = (check: string) =>
  [
    'package app.web;',
    'import org.springframework.util.Assert;',
    'import org.springframework.web.bind.annotation.*;',
    '@RestController',
    'public class ReportController {',
    '  @GetMapping("/report")',
    '  public String report(@RequestParam String name) throws Exception {',
    `    ${check}`,
    '    return new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/srv/reports", name)));',
    '  }',
    '}',
  ].join('\n');

test('Java: Assert.isTrue and Preconditions.checkArgument vet the value after them', async () => {
  assert.deepEqual(await findings('src/main/java/app/web/ReportController.java', spring('Assert.isTrue(name.matches("^[a-z0-9]+$"), "bad name");'), 'PATH_TRAVERSAL'), []);
  assert.deepEqual(await findings('src/main/java/app/web/ReportController.java', spring('Preconditions.checkArgument(name.matches("^[a-z0-9]+$"));'), 'PATH_TRAVERSAL'), []);
  assert.deepEqual(await findings('src/main/java/app/web/ReportController.java', spring('Assert.isTrue(name.length() < 40, "too long");'), 'PATH_TRAVERSAL'), [9]);
});

const express = (check: string) =>
  [
    "const express = require('express');",
    "const invariant = require('tiny-invariant');",
    'const app = express();',
    "app.get('/go', (req, res) => {",
    '  const next = req.query.next;',
    `  ${check}`,
    '  res.redirect(next);',
    '});',
  ].join('\n');

test('JavaScript: invariant(check) and assert(check) vet the value after them', async () => {
  assert.deepEqual(await findings('server/routes.js', express("invariant(/^\\/[a-z]+$/.test(next), 'bad target');"), 'OPEN_REDIRECT'), []);
  assert.deepEqual(await findings('server/routes.js', express('assert(/^\\/[a-z]+$/.test(next));'), 'OPEN_REDIRECT'), []);
  assert.deepEqual(await findings('server/routes.js', express("invariant(typeof next === 'string', 'bad target');"), 'OPEN_REDIRECT'), [7]);
});
