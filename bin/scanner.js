#!/usr/bin/env node
// Runs the compiled JavaScript in dist/ (`npm run build`, done by `npm install` in a
// checkout; an installed package ships dist/ and no sources):
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
  let compiled;
  try {
    compiled = statSync(compiledMain).mtimeMs;
  } catch {
    return false;
  }
  try {
    return compiled >= newestSourceTime(`${root}src/`);
  } catch {
    // An installed package ships dist/ without the sources.
    return true;
  }
}

// SCANNER_FROM_SOURCES=1 runs the sources even when dist/ is fresh (for working on the engine).
if (!process.env.SCANNER_FROM_SOURCES && compiledIsFresh()) {
  await import(new URL('../dist/cli/main.js', import.meta.url).href);
} else {
  await import('../src/typescript-loaders.mjs');
  await import('../src/cli/main.ts');
}
