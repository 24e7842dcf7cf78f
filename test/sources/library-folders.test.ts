// A library copied into a project's lib/, libs/ or 3rdparty/ folder keeps its own licence file
// beside its code: such a folder is other people's code, skipped as vendored; the project's own
// code in the same lib/ folder (no licence of its own) is scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDirectory } from '../../src/sources/directory.ts';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-libfolders-'));
  for (const [relPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
    writeFileSync(path.join(root, relPath), text);
  }
  return root;
}

test('a folder under lib/ or libs/ with its own licence is skipped as vendored, with why and how to scan it', async () => {
  const root = tree({
    LICENSE: 'MIT License\n',
    'app/Controller/TaskController.php': '<?php\nclass TaskController {}\n',
    'libs/mailer/LICENSE': 'Copyright (c) Acme Mailer authors\n',
    'libs/mailer/classes/Smtp.php': '<?php\nclass Smtp {}\n',
    'libs/Captcha/LICENSE.txt': 'MIT\n',
    'libs/Captcha/Builder.php': '<?php\nclass Builder {}\n',
    'libs/Queue/Job.php': '<?php\nclass Job {}\n',
    'web/lib/slider/COPYING': 'GPL\n',
    'web/lib/slider/slider.js': 'export const slide = 1;\n',
    // A folder with a licence elsewhere than under a library folder is the project's own package.
    'packages/core/LICENSE': 'MIT\n',
    'packages/core/index.js': 'export const core = 1;\n',
    // A licence deeper down does not make the library folder's child a copy.
    'lib/app/vendor-notes/LICENSE': 'MIT\n',
    'lib/app/main.rb': 'class Main; end\n',
  });
  try {
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path).filter((p) => !/LICENSE|COPYING/.test(p)).sort(), [
      'app/Controller/TaskController.php',
      'lib/app/main.rb',
      'libs/Queue/Job.php',
      'packages/core/index.js',
    ]);
    const vendored = collected.skipped.filter((s) => s.reason === 'vendored');
    assert.deepEqual(vendored.map((s) => s.path).sort(), ['libs/Captcha/', 'libs/mailer/', 'web/lib/slider/']);
    const mailer = vendored.find((s) => s.path === 'libs/mailer/');
    assert.match(mailer?.detail ?? '', /own licence \(LICENSE\).*!libs\/mailer/);
    // Asked for, they are scanned like everything else.
    const all = await collectDirectory(root, { includeVendored: true });
    assert.ok(all.files.some((f) => f.path === 'libs/mailer/classes/Smtp.php'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a library folder un-ignored in .scannerignore is scanned', async () => {
  const root = tree({
    '.scannerignore': '!libs/mailer\n',
    'libs/mailer/LICENSE': 'MIT\n',
    'libs/mailer/Smtp.php': '<?php\nclass Smtp {}\n',
    'libs/feeds/LICENSE': 'MIT\n',
    'libs/feeds/Feed.php': '<?php\nclass Feed {}\n',
  });
  try {
    const collected = await collectDirectory(root);
    assert.ok(collected.files.some((f) => f.path === 'libs/mailer/Smtp.php'));
    assert.ok(!collected.files.some((f) => f.path === 'libs/feeds/Feed.php'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a library folder a Python script puts on sys.path is skipped as vendored; another folder it puts there is scanned', async () => {
  const root = tree({
    'Server.py': "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))\nsys.path.append(os.path.join(os.path.dirname(__file__), 'apps'))\n",
    // Copied from site-packages without their licence files.
    'lib/cherrypy/__init__.py': '__version__ = "18.10.0"\n',
    'lib/oauthlib/common.py': 'def generate_token(): pass\n',
    'lib/certgen.py': 'def make(): pass\n',
    'apps/billing/views.py': 'def invoice(request): pass\n',
    'server/webserve.py': 'def index(): pass\n',
    // A lib/ folder nobody puts on the path stays the project's own.
    'tools/lib/helpers.py': 'def helper(): pass\n',
  });
  try {
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path).sort(), ['Server.py', 'apps/billing/views.py', 'server/webserve.py', 'tools/lib/helpers.py']);
    const lib = collected.skipped.find((s) => s.path === 'lib/');
    assert.equal(lib?.reason, 'vendored');
    assert.match(lib?.detail ?? '', /Server\.py puts on Python's import path.*!lib/);
    const all = await collectDirectory(root, { includeVendored: true });
    assert.ok(all.files.some((f) => f.path === 'lib/oauthlib/common.py'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a Java package named build, out or target is source, while those folders at a module root are build output', async () => {
  const root = tree({
    'pom.xml': '<project/>\n',
    'src/main/java/org/acme/build/BuildService.java': 'package org.acme.build;\nclass BuildService {}\n',
    'src/test/kotlin/org/acme/out/OutTest.kt': 'package org.acme.out\n',
    'target/classes/org/acme/build/BuildService.java': 'package org.acme.build;\nclass BuildService {}\n',
    'web/build/app.js': 'export const built = 1;\n',
  });
  try {
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path).sort(), ['pom.xml', 'src/main/java/org/acme/build/BuildService.java', 'src/test/kotlin/org/acme/out/OutTest.kt']);
    assert.deepEqual(collected.skipped.filter((s) => s.reason === 'generated').map((s) => s.path).sort(), ['target/', 'web/build/']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
