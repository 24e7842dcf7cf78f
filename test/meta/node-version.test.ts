// The Node version the project supports is stated once, in package.json's `engines`, and
// everything else must agree with it: the README's quick start, CI (.ci/run checks the
// running Node against `engines`) and the packages the lock file installs. A package that
// declares a higher minimum than ours is allowed only when it is listed below with the
// range it declares and is known to run on our minimum (the whole suite runs on it in CI):
// upgrading such a package, or adding a new one, fails here until someone checks it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

// Declared ranges that exclude our minimum, checked to work on it: the code paths we use need
// nothing newer (pg-boss imports JSON with import attributes, which Node has had since 20.10;
// the recurrence schedules that would need Temporal are not used). Keyed by lock-file path.
const DECLARED_HIGHER: Record<string, string> = {
  'node_modules/pg-boss': '>=22.12.0',
  'node_modules/cookie': '>=22',
  'node_modules/@fastify/static/node_modules/content-disposition': '>=22',
};

type Version = [number, number, number];

function parseVersion(text: string): { v: Version; parts: number } {
  const nums = text.replace(/^v/, '').split('.').filter((p) => p !== '' && !/^[x*]$/i.test(p)).map((p) => Number.parseInt(p, 10));
  return { v: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], parts: nums.length };
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Whether `version` satisfies an npm `engines` range (the forms the lock file holds: ||, >=, >, <, <=, ^, ~, bare and x-ranges). */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version).v;
  return range.split('||').some((set) => {
    const comparators = set.trim().replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.every((c) => {
      const m = /^(>=|<=|>|<|\^|~|=)?(.*)$/.exec(c);
      const op = m?.[1] ?? '';
      const { v: w, parts } = parseVersion(m?.[2] ?? '');
      const upper = (level: number): Version => (level === 0 ? [w[0] + 1, 0, 0] : level === 1 ? [w[0], w[1] + 1, 0] : [w[0], w[1], w[2] + 1]);
      switch (op) {
        case '>=': return compare(v, w) >= 0;
        case '>': return compare(v, w) > 0;
        case '<': return compare(v, w) < 0;
        case '<=': return compare(v, w) <= 0;
        case '^': return compare(v, w) >= 0 && compare(v, upper(w[0] === 0 && parts > 1 ? 1 : 0)) < 0;
        case '~': return compare(v, w) >= 0 && compare(v, upper(parts > 1 ? 1 : 0)) < 0;
        default: return parts === 0 || (parts >= 3 ? compare(v, w) === 0 : compare(v, w) >= 0 && compare(v, upper(parts - 1)) < 0);
      }
    });
  });
}

const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const minimum = /^>=\s*(\d+\.\d+(?:\.\d+)?)$/.exec(pkg.engines.node)?.[1];

test('the range check reads npm ranges as npm does', () => {
  assert.ok(satisfies('20.19.0', '>= 20.19.0'));
  assert.ok(!satisfies('20.18.9', '>=20.19'));
  assert.ok(satisfies('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0'));
  assert.ok(satisfies('20.19.0', '20.x || 22.x'));
  assert.ok(satisfies('20.19.0', '18 || 20 || >=22'));
  assert.ok(!satisfies('20.19.0', '>=22.12.0'));
  assert.ok(!satisfies('20.19.0', '^20.20.0 || >=22'));
  assert.ok(satisfies('20.19.0', '>=12.22'));
  assert.ok(satisfies('20.19.0', '*'));
});

test('package.json states one minimum Node version', () => {
  assert.ok(minimum, `engines.node should be ">=MAJOR.MINOR", is ${pkg.engines.node}`);
});

test('the README and CONTRIBUTING.md state the same minimum', () => {
  const major = minimum!.split('.').slice(0, 2).join('.');
  for (const file of ['README.md', 'CONTRIBUTING.md']) {
    const stated = [...read(file).matchAll(/Node(?:\.js)? (\d+(?:\.\d+)*)\+/g)].map((m) => m[1]);
    assert.ok(stated.length > 0, `${file} does not say which Node version it needs ("Node ${major}+")`);
    assert.deepEqual([...new Set(stated)], [major], `${file} states Node ${stated.join(', ')}+, package.json ${pkg.engines.node}`);
  }
});

test('CI checks the running Node against engines', () => {
  const ci = read('.ci/run');
  assert.match(ci, /engines\.node/, '.ci/run should refuse a Node older than package.json engines.node');
});

test('this Node satisfies engines', () => {
  assert.ok(satisfies(process.version, pkg.engines.node), `Node ${process.version} is older than ${pkg.engines.node}`);
});

test('every installed package accepts our minimum, or is a checked exception', () => {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockPackage> };
  const refusing: Record<string, string> = {};
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.optional) continue; // the root, and platform builds npm skips here
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (range && !satisfies(minimum!, range)) refusing[where] = range;
  }
  assert.deepEqual(refusing, DECLARED_HIGHER,
    'packages declaring a Node range without our minimum changed: check they run on it (the suite on that Node), then update DECLARED_HIGHER, or raise engines.node');
});

test('the checked exceptions load on this Node', async () => {
  for (const name of ['pg-boss', 'cookie']) await import(name);
});
