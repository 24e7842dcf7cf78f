// The engine version that keys the result caches is a hash of the engine's code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_DIR, analysisPackageVersions, engineVersion } from '../../src/engine/cache/engine-version.ts';

test('engines with the same modules have one version; a change to any module makes another', (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-engine-version-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const engine = (name: string, taint: string) => {
    const dir = path.join(root, name);
    mkdirSync(path.join(dir, 'rules'), { recursive: true });
    writeFileSync(path.join(dir, 'scan.js'), 'export const scan = 1;\n');
    writeFileSync(path.join(dir, 'rules', 'load.js'), taint);
    writeFileSync(path.join(dir, 'README.md'), `not code: ${name}\n`);
    return engineVersion(dir);
  };
  const a = engine('a', 'export const x = 1;\n');
  assert.match(a, /^[0-9a-f]{16}$/);
  assert.equal(engine('b', 'export const x = 1;\n'), a, 'same modules (other prose) give the same version');
  assert.notEqual(engine('c', 'export const x = 2;\n'), a, 'a changed module in a subfolder gives another');
  assert.equal(engineVersion(), engineVersion(), 'the running engine has one version per process');
});

test("the running engine's version covers the whole engine folder, not only the cache's", () => {
  for (const part of ['rules', 'taint', 'patterns', 'cache']) assert.ok(existsSync(path.join(ENGINE_DIR, part)), `${ENGINE_DIR} holds ${part}/`);
  assert.equal(engineVersion(), engineVersion(ENGINE_DIR));
});

test('the version covers the installed parsers, grammars and ReDoS analyser: another version of one gives another engine version', () => {
  const installed = analysisPackageVersions();
  for (const name of ['web-tree-sitter', 'tree-sitter-java', 'tree-sitter-typescript', 'redos-detector']) {
    assert.ok(installed.some((p) => new RegExp(`^${name}@\\d+\\.\\d+\\.\\d+`).test(p)), `${name} with its installed version in ${installed.join(', ')}`);
  }
  const upgraded = installed.map((p) => (p.startsWith('tree-sitter-java@') ? 'tree-sitter-java@99.0.0' : p));
  assert.notEqual(engineVersion(ENGINE_DIR, upgraded), engineVersion(ENGINE_DIR, installed));
  assert.equal(engineVersion(), engineVersion(ENGINE_DIR, installed));
});
