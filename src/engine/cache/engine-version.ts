// What keys the result caches besides the rules and the files: the engine's own code.
// A hash of the modules of the engine's folder, so that results cached by a scanner whose
// engine differs in any way (an upgrade, a local edit) are never reused — no version
// number to remember to bump.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's modules: the folder above this one (compiled or sources). */
export const ENGINE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The files of the engine that its version covers. */
export const ENGINE_MODULE = /\.(m?[jt]s|json)$/;
const versions = new Map<string, string>();

/** A hash of every module under `dir` (default: the running engine's), once per process. */
export function engineVersion(dir = ENGINE_DIR): string {
  let version = versions.get(dir);
  if (!version) {
    const hash = createHash('sha256');
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (ENGINE_MODULE.test(entry.name)) hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
      }
    };
    visit(dir);
    version = hash.digest('hex').slice(0, 16);
    versions.set(dir, version);
  }
  return version;
}
