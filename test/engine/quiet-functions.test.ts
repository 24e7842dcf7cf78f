// Nested functions no untrusted data can enter are not walked (src/engine/taint/quiet-functions.ts).
// Each case here is a nested function that looks quiet to a careless check (it spells no source
// hint itself) but is not: the flow through it must still be found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('a handler that reads a name an outer statement tainted is walked', async () => {
  const page = [
    'export function mount(panel) {',
    '  const wanted = window.location.hash.slice(1);',
    '  panel.querySelector("button").addEventListener("click", () => {',
    '    panel.innerHTML = wanted;',
    '  });',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'web/panel.js': page }), 'XSS'), [4]);
});

test('a callback calling a function of the file that reads a source is walked', async () => {
  const page = [
    'function fragment() {',
    '  return window.location.hash.slice(1);',
    '}',
    '',
    'export function mount(panel) {',
    '  const stamp = window.location.search.length;',
    '  panel.querySelector("button").addEventListener("click", () => {',
    '    panel.innerHTML = fragment();',
    '  });',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'web/panel.js': page }), 'XSS'), [8]);
});

test('a route handler whose parameters the framework fills is walked, whatever they are called', async () => {
  const server = [
    'const express = require("express");',
    'const { exec } = require("child_process");',
    'const app = express();',
    'app.get("/health", (inbound, outbound) => outbound.send("ok"));',
    'app.get("/run", function (incoming, outgoing) {',
    '  exec("ls " + incoming.query.dir, () => outgoing.end());',
    '});',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'server/app.js': server }), 'COMMAND_INJECTION'), [6]);
});

test('a method reading a field another method filled from the request is walked', async () => {
  const controller = [
    'const { exec } = require("child_process");',
    'class Job {',
    '  constructor(req) {',
    '    this.folder = req.query.folder;',
    '  }',
    '  start() {',
    '    exec("tar czf out.tgz " + this.folder);',
    '  }',
    '}',
    'module.exports = Job;',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'server/job.js': controller }), 'COMMAND_INJECTION'), [7]);
});

test('a method whose parameters the framework fills is walked, though its hint is in the class header', async () => {
  const view = [
    'import subprocess',
    'from flask.views import MethodView',
    '',
    'class Listing(MethodView):',
    '    def get(self, folder):',
    '        subprocess.run("ls " + folder, shell=True)',
    '        return "ok"',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/views.py': view }), 'COMMAND_INJECTION'), [6]);
});
