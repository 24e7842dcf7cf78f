// Node's own modules under a name of the code's choosing read as the module's own name
// (LanguageSyntax.platformModuleBindings, walk.ts fileScope): `disk.writeFileSync(p)` after
// `const disk = require('fs')` is `fs.writeFileSync(p)`, which is how the rules name it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('JavaScript: fs and fs/promises bound under other names are still file sinks; a project module of the same method name is not', async () => {
  const server = [
    "const express = require('express');",
    "const disk = require('fs');",
    "const diskAsync = require('node:fs').promises;",
    "const storage = require('fs/promises');",
    "const notes = require('./notes');",
    'const app = express();',
    "app.post('/files', async (req, res) => {",
    "  disk.writeFileSync('/srv/files/' + req.body.name, req.body.text);",
    "  await diskAsync.writeFile('/srv/files/' + req.body.name, req.body.text);",
    "  await storage.readFile('/srv/files/' + req.query.name);",
    '  await notes.writeFile(req.body.name, req.body.text);',
    '  res.end();',
    '});',
  ].join('\n');
  const notes = ["const db = require('./db');", 'exports.writeFile = (title, body) => db.insert({ title, body });', ''].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'server/app.js': server, 'server/notes.js': notes }), 'PATH_TRAVERSAL'), [8, 9, 10]);
});

test('TypeScript: a namespace import of node:fs under another name is fs', async () => {
  const controller = [
    "import * as disk from 'node:fs';",
    "import express from 'express';",
    'const router = express.Router();',
    "router.get('/download', (req, res) => {",
    "  res.send(disk.readFileSync(`/srv/exports/${req.query.file}`, 'utf8'));",
    '});',
    'export default router;',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'src/exports.ts': controller }), 'PATH_TRAVERSAL'), [5]);
});
