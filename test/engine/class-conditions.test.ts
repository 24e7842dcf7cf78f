// A sink condition on the class of a value (`classText`): the declaration of the class the code says the
// value is (`new Asset`, `Asset::create`, a typed parameter), found in the file or in the file named for it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { ruleFields } from '../helpers/test-rules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'scanner-class-conditions-'));
after(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'class-conditions.yaml'),
  `rules:
${ruleFields('class-condition.sink', '[php]', 'FLOW_TEST', 20)}
    taint:
      onlyTheseSources: true
      sources:
        - path: '^read_input\\(\\)$'
      sinks:
        - callee: '(^|\\.)(fill|create)$'
          unless: [{ receiver: true, classText: '^\\s*protected \\$fillable\\b' }]
`,
);
const rules = loadRuleSet([dir]);

async function sinks(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'FLOW_TEST').map((f) => `${f.file}:${f.line}`).sort();
}

test('PHP: classText reads the class of a constructed, named or typed receiver in the file named for it', async () => {
  const asset = ['<?php', 'namespace App\\Models;', 'class Asset extends Model', '{', "    protected $fillable = ['name'];", '}'].join('\n');
  const ticket = ['<?php', 'namespace App\\Models;', 'class Ticket extends Model', '{', "    protected $guarded = ['id'];", '}'].join('\n');
  const controller = [
    '<?php',
    'class AssetsController',
    '{',
    '    public function store(Asset $typed)',
    '    {',
    '        $data = read_input();',
    '        $asset = new Asset;',
    '        $asset->fill($data);',
    '        Asset::create($data);',
    '        $typed->fill($data);',
    '        $ticket = new Ticket();',
    '        $ticket->fill($data);',
    '        $unknown = make_model();',
    '        $unknown->fill($data);',
    '    }',
    '}',
  ].join('\n');
  const found = await sinks({ 'app/Models/Asset.php': asset, 'app/Models/Ticket.php': ticket, 'app/Http/AssetsController.php': controller });
  // Ticket declares no $fillable; the class of `make_model()`'s result is unknown.
  assert.deepEqual(found, ['app/Http/AssetsController.php:12', 'app/Http/AssetsController.php:14']);
});

test('PHP: classText reads a class the controller imports with use, wherever its file is', async () => {
  const option = ['<?php', 'namespace App\\Models\\Setting;', 'class Option extends Model', '{', "    protected $fillable = ['key', 'value'];", '}'].join('\n');
  const setting = ['<?php', 'namespace App\\Models\\Setting;', 'class Setting extends Model', '{', "    protected $guarded = [];", '}'].join('\n');
  const controller = [
    '<?php',
    'namespace App\\Http\\Controllers\\Api;',
    'use App\\Models\\Setting\\Option;',
    'use App\\Models\\Setting\\Setting;',
    'class Settings',
    '{',
    '    public function store()',
    '    {',
    '        Option::create(read_input());',
    '        Setting::create(read_input());',
    '    }',
    '}',
  ].join('\n');
  const found = await sinks({ 'app/Models/Setting/Option.php': option, 'app/Models/Setting/Setting.php': setting, 'app/Http/Controllers/Api/Settings.php': controller });
  assert.deepEqual(found, ['app/Http/Controllers/Api/Settings.php:10']);
});
