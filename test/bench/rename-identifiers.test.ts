// The metamorphic check's renamer on a small tree made here: the tree's own names
// change consistently, library and framework names, strings and comments do not.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renameIdentifiers } from '../../bench/lib/rename-identifiers.ts';

const root = mkdtempSync(path.join(tmpdir(), 'scanner-rename-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

test('declared names are renamed everywhere they are identifiers; imports, library members, strings and meaningful names are kept', async () => {
  write(
    'routes.js',
    [
      "const express = require('express');",
      'function lookupCustomer(customerName) {',
      "  // lookupCustomer reads 'customerName' from the store",
      '  return db.query("SELECT * FROM t WHERE n = \'" + customerName + "\'");',
      '}',
      'const sessionToken = lookupCustomer(process.env.X);',
      "express.Router().get('/c', (req, res) => res.send(lookupCustomer(req.query.name)));",
    ].join('\n'),
  );
  write(
    'app/Http/Controllers/ShopController.php',
    ['<?php', 'function shop_view($response) {', '    return response()->json($response);', '}'].join('\n'),
  );
  const { names, files } = await renameIdentifiers(root, 'callee: query');
  const js = files.get('routes.js')!;
  assert.ok(names.has('lookupCustomer') && names.has('customerName'));
  assert.ok(!js.includes('function lookupCustomer(') && !js.includes('(customerName)'), js);
  // A string and a comment keep their text; a library member, an import and a name that means something to a reader stay.
  assert.match(js, /lookupCustomer reads 'customerName'/);
  assert.match(js, /require\('express'\)/);
  assert.match(js, /db\.query\(/);
  assert.match(js, /const sessionToken/);
  // The call site follows the declaration.
  const renamed = names.get('lookupCustomer')!;
  assert.equal(js.split(renamed).length - 1, 3);
  // PHP: the variable $response is the tree's own, Laravel's response() is not.
  const php = files.get('app/Http/Controllers/ShopController.php')!;
  assert.match(php, /return response\(\)->json\(\$renamed\d+\);/);
  assert.doesNotMatch(php, /\$response/);
});
