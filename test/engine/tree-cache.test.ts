// The whole-tree result cache: reused only while every file is as it was (size,
// times, inode) and none was modified just before the result was written, and while
// the rule files and the engine's modules are as they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listDirectory } from '../../src/sources/directory.ts';
import { storeTreeResult, storedTreeResult, treeKey } from '../../src/engine/cache/tree-cache.ts';
import type { ScanResult } from '../../src/engine/types.ts';

const RESULT = { findings: [], summary: { filesScanned: 2 } } as unknown as ScanResult;

function tree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'scanner-tree-'));
  const cacheDir = path.join(dir, '.scanner', 'cache');
  const write = (name: string, text: string, agoSeconds = 3600) => {
    writeFileSync(path.join(dir, name), text);
    const when = new Date(Date.now() - agoSeconds * 1000);
    utimesSync(path.join(dir, name), when, when);
  };
  const rules = mkdtempSync(path.join(tmpdir(), 'scanner-tree-rules-'));
  writeFileSync(path.join(rules, 'extra.yaml'), 'rules: []\n');
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(rules, { recursive: true, force: true });
  };
  return { dir, cacheDir, rules, write, remove };
}

test('an unchanged tree gets its stored result; another key, an edit, a new file or a new skip do not', async (t) => {
  const { dir, cacheDir, rules, write, remove } = tree();
  t.after(remove);
  write('a.js', 'const a = 1;\n');
  write('b.py', 'b = 2\n');
  const key = treeKey([rules], undefined);
  const before = await listDirectory(dir);
  storeTreeResult(cacheDir, key, before.files, before.skipped, RESULT);

  const again = await listDirectory(dir);
  assert.equal(treeKey([rules], undefined), key, 'the same rule files give the same key');
  assert.deepEqual(storedTreeResult(cacheDir, key, again.files, again.skipped), RESULT);
  assert.equal(storedTreeResult(cacheDir, treeKey([], undefined), again.files, again.skipped), undefined, 'other rule directories');
  assert.equal(storedTreeResult(cacheDir, treeKey([rules], ['a.js']), again.files, again.skipped), undefined, 'another scope');
  writeFileSync(path.join(rules, 'extra.yaml'), 'rules: [] # edited\n');
  assert.notEqual(treeKey([rules], undefined), key, 'an edited rule file');

  write('a.js', 'const a = 2;\n'); // same size, older time than before: still a different version
  const edited = await listDirectory(dir);
  assert.equal(storedTreeResult(cacheDir, key, edited.files, edited.skipped), undefined, 'an edited file');

  storeTreeResult(cacheDir, key, edited.files, edited.skipped, RESULT);
  write('c.go', 'package c\n');
  const added = await listDirectory(dir);
  assert.equal(storedTreeResult(cacheDir, key, added.files, added.skipped), undefined, 'a new file');
});

test('a file modified moments before the result was stored is not trusted (racily clean)', async (t) => {
  const { dir, cacheDir, rules, write, remove } = tree();
  t.after(remove);
  write('a.js', 'const a = 1;\n', 0);
  const key = treeKey([rules], undefined);
  const listing = await listDirectory(dir);
  storeTreeResult(cacheDir, key, listing.files, listing.skipped, RESULT);
  assert.equal(storedTreeResult(cacheDir, key, listing.files, listing.skipped), undefined);
});

test('a torn or foreign cache file is ignored', async (t) => {
  const { dir, cacheDir, rules, write, remove } = tree();
  t.after(remove);
  write('a.js', 'const a = 1;\n');
  const key = treeKey([rules], undefined);
  const listing = await listDirectory(dir);
  storeTreeResult(cacheDir, key, listing.files, listing.skipped, RESULT);
  writeFileSync(path.join(cacheDir, `tree-${key.slice(0, 16)}.json`), '{"key": "tor');
  assert.equal(storedTreeResult(cacheDir, key, listing.files, listing.skipped), undefined);
});
