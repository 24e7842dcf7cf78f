#!/usr/bin/env node
// Runs the compiled JavaScript in dist/ (`npm run build`, done by `npm install`):
// it starts several times faster than the TypeScript sources. When dist/ is
// missing or older than a source file (a checkout being edited), the sources
// run through the tsx loader instead, so the command never runs stale code
// (SCANNER_FROM_SOURCES=1 asks for that path).
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Plain paths, not URLs: this check runs before every command.
const root = fileURLToPath(new URL('../', import.meta.url));
const compiledMain = `${root}dist/cli/main.js`;

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(`${dir}${entry.name}/`));
    else if (/\.m?ts$/.test(entry.name)) newest = Math.max(newest, statSync(`${dir}${entry.name}`).mtimeMs);
  }
  return newest;
}

function compiledIsFresh() {
  try {
    return statSync(compiledMain).mtimeMs >= newestSourceTime(`${root}src/`);
  } catch {
    return false;
  }
}

// SCANNER_FROM_SOURCES=1 runs the sources even when dist/ is fresh (for working on the engine).
if (!process.env.SCANNER_FROM_SOURCES && compiledIsFresh()) {
  await import(new URL('../dist/cli/main.js', import.meta.url).href);
} else {
  await import('../src/typescript-loaders.mjs');
  await import('../src/cli/main.ts');
}
