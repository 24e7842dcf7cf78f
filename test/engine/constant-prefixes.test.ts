// A built string's parts are judged by the text before them, and a name in that text stands for the constant it
// names: a local bound once, a constant of the file, or one the file imports (`import { DOCS } from './paths'`).
// A name assigned twice, a parameter, or an import that is no constant string stays unknown text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function redirects(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'OPEN_REDIRECT').map((f) => `${f.file}:${f.line}`).sort();
}

const paths = ["export const DOCS_PATH = '/docs/';", "export const ROOT = '/';", 'export function docsPath(page) { return page; }'].join('\n');

const handler = (imports: string, target: string) =>
  [
    "import express from 'express';",
    imports,
    'const app = express();',
    "app.get('/go', (req, res) => {",
    `  res.redirect(${target});`,
    '});',
  ].join('\n');

test('a constant imported from another module starts the redirect target: a fixed path prefix is safe', async () => {
  assert.deepEqual(await redirects({ 'src/paths.js': paths, 'src/app.js': handler("import { DOCS_PATH } from './paths';", 'DOCS_PATH + req.query.page') }), []);
  assert.deepEqual(await redirects({ 'src/paths.js': paths, 'src/app.js': handler("import { DOCS_PATH } from './paths';", '`${DOCS_PATH}${req.query.page}`') }), []);
});

test('an imported constant that leaves the host open, or an imported name that is no constant, is no prefix', async () => {
  assert.deepEqual(await redirects({ 'src/paths.js': paths, 'src/app.js': handler("import { ROOT } from './paths';", 'ROOT + req.query.page') }), ['src/app.js:5']);
  assert.deepEqual(await redirects({ 'src/paths.js': paths, 'src/app.js': handler("import { docsPath } from './paths';", 'docsPath + req.query.page') }), ['src/app.js:5']);
  // The module is not part of the scan: nothing is known of the name.
  assert.deepEqual(await redirects({ 'src/app.js': handler("import { DOCS_PATH } from './paths';", 'DOCS_PATH + req.query.page') }), ['src/app.js:5']);
});
