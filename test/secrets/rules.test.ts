// Every secret rule file has annotated test files beside it
// (rules/secrets/<name>.yaml ↔ rules/secrets/<name>.<ext>): each `ruleid` line
// must be reported, nothing else may be.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSecrets } from '../../src/engine/secrets/index.ts';
import { BUILTIN_SECRET_RULES_DIR } from '../../src/engine/secrets/rules.ts';
import { parseAnnotations, score } from '../../src/engine/rules/annotations.ts';

const names = readdirSync(BUILTIN_SECRET_RULES_DIR).sort();
const ruleFiles = names.filter((n) => n.endsWith('.yaml'));

for (const ruleFile of ruleFiles) {
  const stem = ruleFile.slice(0, -'.yaml'.length);
  const testFiles = names.filter((n) => n !== ruleFile && n.startsWith(`${stem}.`));
  test(`secret rules ${ruleFile} have a test file`, () => {
    assert.ok(testFiles.length > 0, `no ${stem}.<ext> test file beside ${ruleFile}`);
  });
  for (const testFile of testFiles) {
    test(`secret rules ${ruleFile}: ${testFile}`, () => {
      const text = readFileSync(join(BUILTIN_SECRET_RULES_DIR, testFile), 'utf8');
      const expectations = parseAnnotations(testFile, text);
      assert.ok(expectations.some((e) => e.kind === 'ruleid'), 'a test file needs at least one ruleid');
      const findings = findSecrets(testFile, text);
      const result = score(expectations, findings, { type: 'HARDCODED_SECRET' });
      assert.deepEqual(
        { missed: result.falseNegatives.map((e) => e.line), unexpected: result.falsePositives.map((f) => `${f.line} ${f.ruleId} ${f.snippet}`) },
        { missed: [], unexpected: [] },
      );
    });
  }
}
