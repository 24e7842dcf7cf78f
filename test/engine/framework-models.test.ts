// Framework models are data: `rules/<language>/frameworks/<name>.yaml` holds one framework's
// sources, sanitisers and sinks, and the directory of the same name beside it is a small app
// written for it, annotated with `ruleid:` / `ok:`. The app is scanned as one project (its
// files see each other: routes, templates, helpers) with the whole rule set and must give
// exactly the annotated findings; every rule the model adds sinks to must fire there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { BUILTIN_RULES_DIR, RuleError } from '../../src/engine/rules/load.ts';
import { parseAnnotations, score } from '../../src/engine/rules/annotations.ts';

const rules = loadRuleSet();

function frameworkModels(): { yaml: string; app: string }[] {
  const out: { yaml: string; app: string }[] = [];
  for (const lang of readdirSync(BUILTIN_RULES_DIR)) {
    const dir = path.join(BUILTIN_RULES_DIR, lang, 'frameworks');
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const name of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) {
      out.push({ yaml: path.join(dir, name), app: path.join(dir, name.replace(/\.ya?ml$/, '')) });
    }
  }
  return out;
}

function filesUnder(dir: string, root = dir): { path: string; content: Buffer }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, root);
    return [{ path: path.relative(root, full).split(path.sep).join('/'), content: readFileSync(full) }];
  });
}

/** Scans an app directory as one project and compares its findings with its annotations. */
async function checkApp(app: string, ruleSet = rules): Promise<Set<string>> {
  const files = filesUnder(app);
  const expectations = files.flatMap((f) => parseAnnotations(f.path, f.content.toString('utf8')));
  assert.ok(expectations.some((e) => e.kind === 'ruleid'), `${app} has no ruleid annotation`);
  const { findings } = await scanSourceFiles(files, { rules: ruleSet, jobs: 1, includeTests: true });
  const s = score(expectations, findings);
  const describe = (xs: { file: string; line: number; type: string }[]) => xs.map((x) => `${x.file}:${x.line} ${x.type}`).join(', ');
  assert.equal(describe(s.falseNegatives), '', `missed: ${describe(s.falseNegatives)}`);
  assert.equal(describe(s.falsePositives), '', `false positives: ${describe(s.falsePositives)}`);
  const fired = new Set<string>();
  for (const f of findings) {
    if (expectations.some((e) => e.kind === 'ruleid' && e.file === f.file && e.line === f.line && e.type === f.type)) fired.add(f.ruleId);
  }
  return fired;
}

for (const { yaml, app } of frameworkModels()) {
  const label = path.relative(BUILTIN_RULES_DIR, yaml);
  test(`framework model ${label}`, async () => {
    const model = parseYaml(readFileSync(yaml, 'utf8')) as { framework?: string; sinks?: Record<string, unknown> };
    assert.ok(model.framework, `${label} does not name its framework`);
    assert.ok(statSync(app, { throwIfNoEntry: false })?.isDirectory(), `${label} has no test app beside it (${path.basename(app)}/)`);
    const fired = await checkApp(app);
    const unproven = Object.keys(model.sinks ?? {}).filter((id) => !fired.has(id));
    assert.deepEqual(unproven, [], `rules given sinks by ${label} with no ruleid: hit in its app: ${unproven.join(', ')}`);
  });
}

test('a framework file adds its sinks and rule sources to the rule it names, and its test app is not read as rules', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-framework-'));
  try {
    const frameworks = path.join(dir, 'javascript', 'frameworks');
    mkdirSync(path.join(frameworks, 'tinyweb'), { recursive: true });
    writeFileSync(
      path.join(frameworks, 'tinyweb.yaml'),
      [
        'language: [javascript, typescript]',
        'framework: Tinyweb',
        'sinks:',
        '  js.open-redirect:',
        "    - callee: '^reply\\.goTo$'",
        '      args: [0]',
        // A source of this one rule: the next hop Tinyweb reads from its own routing table.
        'ruleSources:',
        '  js.open-redirect:',
        "    - path: '^tinyweb\\.nextHop\\(\\)$'",
        '      label: Tinyweb next hop',
        '',
      ].join('\n'),
    );
    // The app's own YAML is no rule file: loading would fail on it if the loader read it.
    writeFileSync(path.join(frameworks, 'tinyweb', 'config.yaml'), 'port: 8080\n');
    writeFileSync(
      path.join(frameworks, 'tinyweb', 'server.js'),
      [
        "const express = require('express');",
        'const app = express();',
        "app.get('/go', (req, res) => {",
        '  const reply = res;',
        '  // ruleid: OPEN_REDIRECT',
        '  reply.goTo(req.query.next);',
        '  // ok: OPEN_REDIRECT',
        "  reply.goTo('/home');",
        '  // ruleid: OPEN_REDIRECT',
        '  reply.goTo(tinyweb.nextHop());',
        '  // ok: XSS',
        '  res.send(tinyweb.nextHop());',
        '});',
        '',
      ].join('\n'),
    );
    const withModel = loadRuleSet([dir]);
    const redirect = withModel.rules.find((r) => r.id === 'js.open-redirect');
    assert.ok(redirect?.taint?.sinks.some((s) => String(s.callee) === String(/^reply\.goTo$/)));
    assert.deepEqual([...(await checkApp(path.join(frameworks, 'tinyweb'), withModel))], ['js.open-redirect']);
    // Without the model the same call is nobody's sink.
    assert.ok(!rules.rules.find((r) => r.id === 'js.open-redirect')?.taint?.sinks.some((s) => String(s.callee) === String(/^reply\.goTo$/)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a framework file that gives sinks to an unknown or foreign rule is refused', () => {
  for (const [ruleId, why] of [
    ['js.no-such-rule', /js\.no-such-rule, which is not a taint rule/],
    ['py.sql-injection', /a rule of another language/],
  ] as const) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-framework-'));
    try {
      mkdirSync(path.join(dir, 'frameworks'));
      writeFileSync(path.join(dir, 'frameworks', 'x.yaml'), `language: javascript\nframework: X\nsinks:\n  ${ruleId}:\n    - callee: '^x$'\n`);
      assert.throws(() => loadRuleSet([dir]), (e: unknown) => e instanceof RuleError && why.test(e.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
