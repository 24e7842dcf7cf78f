// What keys the result caches besides the rules and the files: the engine's own code, and the
// installed versions of the packages whose code decides what it finds (the parsers and their
// grammars, the ReDoS analyser). A hash of the modules of the engine's folder and of those
// versions, so that results cached by a scanner whose engine differs in any way (an upgrade, a
// local edit, a new grammar) are never reused — no version number to remember to bump.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's modules: the folder above this one (compiled or sources). */
export const ENGINE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The files of the engine that its version covers. */
export const ENGINE_MODULE = /\.(m?[jt]s|json)$/;
const versions = new Map<string, string>();

/** The scanner's dependencies whose code decides what a scan finds: a grammar parses differently, an analyser decides otherwise. */
const ANALYSIS_PACKAGES = /^(web-tree-sitter|tree-sitter-[\w-]+|redos-detector)$/;

/** `name@version` of each installed analysis package, sorted (from the scanner's package.json above the engine). */
export function analysisPackageVersions(engineDir = ENGINE_DIR): string[] {
  let manifest = '';
  for (let dir = engineDir; !manifest; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) manifest = path.join(dir, 'package.json');
    if (path.dirname(dir) === dir) return [];
  }
  const declared = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
  const require = createRequire(manifest);
  return Object.keys(declared)
    .filter((name) => ANALYSIS_PACKAGES.test(name))
    .sort()
    .map((name) => `${name}@${installedVersion(require, name)}`);
}

/** The version of an installed package, from its own package.json (found above its entry point when it exports none). */
function installedVersion(require: NodeRequire, name: string): string {
  try {
    let dir = path.dirname(require.resolve(name));
    for (; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? 'unknown';
    }
  } catch {
    // Not installed: the version says so, and a later install changes it.
  }
  return 'missing';
}

let installedAnalysisPackages: string[] | undefined;

/** A hash of every module under `dir` (default: the running engine's) and of the analysis packages' versions, once per process. */
export function engineVersion(dir = ENGINE_DIR, packages = (installedAnalysisPackages ??= analysisPackageVersions())): string {
  const key = `${dir}\0${packages.join(',')}`;
  let version = versions.get(key);
  if (!version) {
    const hash = createHash('sha256');
    for (const pkg of packages) hash.update(pkg).update('\0');
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (ENGINE_MODULE.test(entry.name)) hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
      }
    };
    visit(dir);
    version = hash.digest('hex').slice(0, 16);
    versions.set(key, version);
  }
  return version;
}
