// Composer installs the packages a composer.json requires under its `config.vendor-dir` (`vendor/`
// unless told otherwise): those folders are other people's code, skipped as vendored like `vendor/`,
// while the project's own files beside them are scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDirectory } from '../../src/sources/directory.ts';

test('packages Composer installs under a custom vendor-dir are skipped as vendored; the project’s own code there is scanned', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-composer-'));
  const files: Record<string, string> = {
    // The vendor-dir is the folder of the composer.json itself: the project's own framework lives there too.
    'lib/composer.json': JSON.stringify({
      require: { 'acme/mailer': '6.9.1', 'ext-json': '*', php: '>=8.1' },
      'require-dev': { 'acme/feeds': 'dev-main' },
      config: { 'vendor-dir': './' },
    }),
    'lib/acme/mailer/src/Mailer.php': '<?php\nclass Mailer {}\n',
    'lib/acme/feeds/src/Feed.php': '<?php\nclass Feed {}\n',
    'lib/composer/autoload_real.php': '<?php\n',
    'lib/acme/own/Helper.php': '<?php\nclass Helper {}\n',
    'lib/Framework/Url.php': '<?php\nclass Url {}\n',
    // Another project's composer.json with the default vendor-dir, whose packages live under vendor/.
    'tools/composer.json': JSON.stringify({ require: { 'acme/linter': '1.0' } }),
    'tools/acme/linter/run.php': '<?php\n',
  };
  try {
    for (const [relPath, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
      writeFileSync(path.join(root, relPath), text);
    }
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path).sort(), [
      'lib/Framework/Url.php',
      'lib/acme/own/Helper.php',
      'lib/composer.json',
      'tools/acme/linter/run.php',
      'tools/composer.json',
    ]);
    const vendored = collected.skipped.filter((s) => s.reason === 'vendored');
    assert.deepEqual(vendored.map((s) => s.path).sort(), ['lib/acme/feeds/', 'lib/acme/mailer/', 'lib/composer/']);
    assert.match(vendored[0]!.detail ?? '', /Composer/);
    // Asked for, they are scanned like everything else.
    const all = await collectDirectory(root, { includeVendored: true });
    assert.equal(all.files.length, 8);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
