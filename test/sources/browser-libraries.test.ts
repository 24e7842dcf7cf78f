// Copies of browser libraries kept among an application's own files are skipped as vendored,
// on two signals together (banner plus file name or static folder), and can be scanned anyway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles } from '../../src/engine/index.ts';
import { collectDirectory } from '../../src/sources/directory.ts';
import { bannerOf } from '../../src/sources/browser-libraries.ts';
import { toText } from '../../src/report/text.ts';

const ANGULAR_BANNER = '/**\n * @license AngularJS v1.0.8\n * (c) 2010-2012 Google, Inc. http://angularjs.org\n * License: MIT\n */\n';
const MATERIALIZE_BANNER = '/*!\n * Materialize v0.100.1 (http://materializecss.com)\n * Copyright 2014-2017 Materialize\n */\n';
// Library-shaped body: many doc comments, DOM use, and a sink a scan would report.
const LIBRARY_BODY = `(function(window, document) {\n'use strict';\n${'/** @ngdoc function */\n\n'.repeat(30)}function html(el, value) { el.innerHTML = value; }\nhtml(document.body, location.hash);\n})(window, document);\n`;
const FIRST_PARTY = `// Our own page script.\nconst target = document.getElementById('out');\ntarget.innerHTML = location.hash.slice(1);\n`;

function write(root: string, relPath: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
  writeFileSync(path.join(root, relPath), text);
}

function withTree(files: Record<string, string>, run: (root: string) => Promise<void>): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-libraries-'));
  for (const [relPath, text] of Object.entries(files)) write(root, relPath, text);
  return run(root).finally(() => rmSync(root, { recursive: true, force: true }));
}

test('a library copy with its banner in a static folder is skipped as vendored, with why and how to scan it', () =>
  withTree(
    {
      'public/static/angular.js': ANGULAR_BANNER + LIBRARY_BODY,
      'sqli/static/js/materialize.js': MATERIALIZE_BANNER + LIBRARY_BODY,
      // The banner alone, under a name of no library, still in a static folder.
      'assets/js/ui-kit.js': MATERIALIZE_BANNER + LIBRARY_BODY,
      'src/angular.js': "// Our wrapper around the framework.\nmodule.exports = require('angular');\n",
      'static/js/app.js': FIRST_PARTY,
      'public/jquery.js': FIRST_PARTY,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path).sort(), ['public/jquery.js', 'src/angular.js', 'static/js/app.js']);
      const byPath = new Map(skipped.map((s) => [s.path, s]));
      const angular = byPath.get('public/static/angular.js');
      assert.equal(angular?.reason, 'vendored');
      assert.match(angular?.detail ?? '', /AngularJS .*banner "@license AngularJS v1\.0\.8", library file name, static folder public\//);
      assert.match(angular?.detail ?? '', /add !public\/static\/angular\.js to \.scannerignore/);
      assert.match(byPath.get('sqli/static/js/materialize.js')?.detail ?? '', /^a copy of Materialize \(banner "Materialize v0\.100\.1/);
      assert.match(byPath.get('assets/js/ui-kit.js')?.detail ?? '', /Materialize .*static folder assets\//);

      const result = await scanSourceFiles(files, { jobs: 1, skipped });
      assert.ok(result.findings.some((f) => f.file === 'static/js/app.js'), 'first-party code in static/ is still analysed');
      assert.ok(!result.findings.some((f) => f.file.endsWith('angular.js') || f.file.endsWith('materialize.js')));
      const text = toText(result, { color: false });
      assert.match(text, /Skipped public\/static\/angular\.js: a copy of AngularJS/);
      assert.match(text, /3 files skipped/);
    },
  ));

test('a library name with its banner is skipped outside static folders; the banner alone there is not enough', () =>
  withTree(
    {
      'lib/jquery-3.7.1.js': '/*!\n * jQuery JavaScript Library v3.7.1\n * https://jquery.com/\n */\n' + LIBRARY_BODY,
      'src/helpers.js': '/*!\n * Bootstrap v5.3.0 (https://getbootstrap.com/)\n */\n' + FIRST_PARTY,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path), ['src/helpers.js']);
      assert.equal(skipped.find((s) => s.path === 'lib/jquery-3.7.1.js')?.reason, 'vendored');
    },
  ));

test("a published package's build is skipped wherever it is kept: its banner and a build's name or size", () => {
  const PACKAGE = '/**\n * @scalar/api-reference 1.44.20\n *\n * License: MIT\n**/\n';
  return withTree(
    {
      'pkg/routes/api/scalar/scalar.standalone.js': PACKAGE + LIBRARY_BODY,
      'web/editor/editor.js': PACKAGE + LIBRARY_BODY + '// padding\n'.repeat(100_000),
      // The banner without a build's name or size, a build's name without the banner: first-party.
      'src/uses-scalar.js': PACKAGE + FIRST_PARTY,
      'src/widget.umd.js': FIRST_PARTY,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path).sort(), ['src/uses-scalar.js', 'src/widget.umd.js']);
      const byPath = new Map(skipped.map((s) => [s.path, s]));
      assert.equal(byPath.get('pkg/routes/api/scalar/scalar.standalone.js')?.reason, 'vendored');
      assert.match(byPath.get('pkg/routes/api/scalar/scalar.standalone.js')?.detail ?? '', /^a copy of @scalar\/api-reference \(banner "@scalar\/api-reference 1\.44\.20", build file name\)/);
      assert.match(byPath.get('web/editor/editor.js')?.detail ?? '', /@scalar\/api-reference .*\d+ KiB/);
    },
  );
});

test('a .scannerignore negation scans a library copy anyway', () =>
  withTree(
    {
      '.scannerignore': '!public/static/angular.js\n',
      'public/static/angular.js': ANGULAR_BANNER + LIBRARY_BODY,
      'public/static/materialize.js': MATERIALIZE_BANNER + LIBRARY_BODY,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path).sort(), ['.scannerignore', 'public/static/angular.js']);
      assert.deepEqual(skipped.map((s) => [s.path, s.reason]), [['public/static/materialize.js', 'vendored']]);
    },
  ));

test('banners are read from the leading comments only, in time linear in their number', () => {
  assert.equal(bannerOf("import _ from 'lodash';\n/*! jQuery v3.7.1 */")?.library, undefined);
  assert.equal(bannerOf('#!/usr/bin/env node\n// helpers\n/*! jQuery v3.7.1 | (c) OpenJS Foundation */\n')?.library, 'jQuery');
  assert.equal(bannerOf('/*! For license information please see main.js.LICENSE.txt */\n(()=>{})();')?.library, 'a bundled build');
  assert.equal(bannerOf('//! moment.js\n//! version : 2.29.4\n')?.library, 'moment.js');
  const manyComments = `${'/** doc */\n\n'.repeat(20000)}f();\n`;
  const started = performance.now();
  assert.equal(bannerOf(manyComments), undefined);
  assert.ok(performance.now() - started < 1000);
});

test("any library's licence banner in a static folder, or a release folder there, makes a copy of it", () =>
  withTree(
    {
      // `/*!` with a version and a licence: the comment minifiers keep for a distributed library.
      'src/Web/wwwroot/lib/jquery-validation/additional-methods.js':
        '/*!\n * jQuery Validation Plugin v1.15.0\n *\n * Copyright (c) 2016 Jörn Zaefferer\n * Released under the MIT license\n */\n' + LIBRARY_BODY,
      'wwwroot/admin/elfinder/js/elfinder.full.js':
        '/*!\n * elFinder - file manager for web\n * Version 2.1.59 (2021-06-14)\n * Licensed under a 3-clauses BSD license\n */\n' + LIBRARY_BODY,
      // A release unpacked as it came, without a banner.
      'src/main/resources/static/admin/plugins/wangeditor-5.1.23/index.js': LIBRARY_BODY,
      // First-party: a /*! note without version or licence, a version without licence, a release folder outside static folders.
      'wwwroot/js/site.js': '/*!\n * Site scripts: keep this note in the minified build\n */\n' + FIRST_PARTY,
      'wwwroot/js/checkout.js': '/*! checkout v2.1 */\n' + FIRST_PARTY,
      'src/editor-5.1.23/index.js': FIRST_PARTY,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path).sort(), ['src/editor-5.1.23/index.js', 'wwwroot/js/checkout.js', 'wwwroot/js/site.js']);
      const byPath = new Map(skipped.map((s) => [s.path, s]));
      assert.match(
        byPath.get('src/Web/wwwroot/lib/jquery-validation/additional-methods.js')?.detail ?? '',
        /^a copy of jQuery Validation Plugin v1\.15\.0 \(banner "jQuery Validation Plugin v1\.15\.0", static folder wwwroot\/\)/,
      );
      assert.match(byPath.get('wwwroot/admin/elfinder/js/elfinder.full.js')?.detail ?? '', /^a copy of elFinder - file manager for web /);
      assert.match(
        byPath.get('src/main/resources/static/admin/plugins/wangeditor-5.1.23/index.js')?.detail ?? '',
        /^a copy of wangeditor-5\.1\.23 \(static folder static\/, release folder wangeditor-5\.1\.23\/\)/,
      );
      const result = await scanSourceFiles(files, { jobs: 1, skipped });
      assert.ok(result.findings.some((f) => f.file === 'wwwroot/js/site.js'), 'first-party code with a /*! note is still analysed');
    },
  ));

test('a build the size of a library with a licence in its leading comments is a copy in a static folder', () => {
  const ASF = '/*\n* Licensed to the Apache Software Foundation (ASF) under one\n* or more contributor license agreements.\n*/\n';
  const big = LIBRARY_BODY + '// padding\n'.repeat(100_000);
  return withTree(
    {
      'webapp/static/components/charts/js/charts.js': ASF + big,
      // The same header on a small script, or a big one outside static folders: first-party.
      'webapp/static/js/admin.js': ASF + FIRST_PARTY,
      'src/generated/tables.js': ASF + big,
    },
    async (root) => {
      const { files, skipped } = await collectDirectory(root);
      assert.deepEqual(files.map((f) => f.path).sort(), ['src/generated/tables.js', 'webapp/static/js/admin.js']);
      assert.match(
        skipped.find((s) => s.path === 'webapp/static/components/charts/js/charts.js')?.detail ?? '',
        /^a copy of charts\.js \(licence "Licensed to", \d+ KiB, static folder static\/\)/,
      );
    },
  );
});
