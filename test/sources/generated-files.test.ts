// Build output named for what made it (`app.min.js`, `vendor.bundle.js`, `codemirror-bundle.js`) is skipped as
// generated: a bundler's output holds the libraries it bundled, not the project's code. A name that only
// contains the word (`bundler.js`, `rebundle.js`) is the project's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDirectory } from '../../src/sources/directory.ts';

test('bundles named .bundle.js, -bundle.js or _bundle.js are skipped as generated; bundler.js and rebundle.js are scanned', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-generated-'));
  const files = [
    'wwwroot/admin/js/codemirror-bundle.js',
    'static/js/vendor_bundle.js',
    'static/js/app.bundle.js',
    'static/js/app.min.js',
    'tools/bundler.js',
    'tools/rebundle.js',
  ];
  try {
    for (const relPath of files) {
      mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
      writeFileSync(path.join(root, relPath), 'export const x = 1;\n');
    }
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path).sort(), ['tools/bundler.js', 'tools/rebundle.js']);
    assert.deepEqual(collected.skipped.filter((s) => s.reason === 'generated').map((s) => s.path).sort(), [
      'static/js/app.bundle.js',
      'static/js/app.min.js',
      'static/js/vendor_bundle.js',
      'wwwroot/admin/js/codemirror-bundle.js',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
