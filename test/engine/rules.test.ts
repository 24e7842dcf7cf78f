// Every rule file has a test file beside it, annotated with `ruleid:` / `ok:`;
// scanning it with the whole rule set must give exactly the annotated findings, and
// every rule the file defines must prove itself there with at least one `ruleid:` hit
// (a rule that never fires on its own test is either dead or tuned to other code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { BUILTIN_RULES_DIR } from '../../src/engine/rules/load.ts';
import { parseAnnotations, score } from '../../src/engine/rules/annotations.ts';
import { parse as parseYaml } from 'yaml';

const rules = loadRuleSet();

function ruleTestFiles(): { yaml: string; tests: string[] }[] {
  const out: { yaml: string; tests: string[] }[] = [];
  for (const lang of readdirSync(BUILTIN_RULES_DIR)) {
    const dir = path.join(BUILTIN_RULES_DIR, lang);
    if (!statSync(dir).isDirectory() || lang === 'secrets') continue;
    const names = readdirSync(dir);
    for (const name of names) {
      if (!/\.ya?ml$/.test(name) || name === 'sources.yaml') continue;
      const base = name.replace(/\.ya?ml$/, '');
      const tests = names.filter((n) => n !== name && (n.startsWith(`${base}.`) || n.startsWith(`${base}_test.`)) && !/\.ya?ml$/.test(n));
      out.push({ yaml: path.join(dir, name), tests: tests.map((t) => path.join(dir, t)) });
    }
  }
  return out;
}

for (const { yaml, tests } of ruleTestFiles()) {
  const label = path.relative(BUILTIN_RULES_DIR, yaml);
  test(`rule ${label}`, async () => {
    assert.ok(tests.length > 0, `${label} has no test file beside it`);
    const ruleIds = ((parseYaml(readFileSync(yaml, 'utf8')) as { rules?: { id: string }[] }).rules ?? []).map((r) => r.id);
    const provenIds = new Set<string>();
    for (const file of tests) {
      const text = readFileSync(file, 'utf8');
      const rel = path.basename(file);
      const expectations = parseAnnotations(rel, text);
      assert.ok(expectations.some((e) => e.kind === 'ruleid'), `${file} has no ruleid annotation`);
      const { findings } = await scanSourceFiles([{ path: rel, content: Buffer.from(text) }], { rules, jobs: 1, includeTests: true });
      const s = score(expectations, findings);
      for (const f of findings) {
        if (expectations.some((e) => e.kind === 'ruleid' && e.line === f.line && e.type === f.type)) provenIds.add(f.ruleId);
      }
      const describe = (xs: { line: number; type: string }[]) => xs.map((x) => `${rel}:${x.line} ${x.type}`).join(', ');
      assert.deepEqual(describe(s.falseNegatives), '', `missed: ${describe(s.falseNegatives)}`);
      assert.deepEqual(describe(s.falsePositives), '', `false positives: ${describe(s.falsePositives)}`);
    }
    const unproven = ruleIds.filter((id) => !provenIds.has(id));
    assert.deepEqual(unproven, [], `rules with no ruleid: hit in their own test file: ${unproven.join(', ')}`);
  });
}
