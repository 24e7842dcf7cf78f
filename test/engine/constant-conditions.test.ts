// A condition on an argument's text also reads the literal of a constant the argument names
// (`transliterator_transliterate(UploadForm::SAFE_NAME, $name)`): declared in this file, or in the
// declaration of the class that qualifies it, in another file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function uploads(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'UNSAFE_FILE_UPLOAD').map((f) => `${f.file}:${f.line}`).sort();
}

const form = [
  '<?php',
  'namespace App\\Form;',
  'class UploadForm',
  '{',
  "    public const SAFE_NAME = 'Any-Latin; Latin-ASCII; [^A-Za-z0-9_\\-] remove; Lower()';",
  "    public const DOTTED_NAME = 'Any-Latin; Latin-ASCII; [^A-Za-z0-9_.] remove';",
  '}',
].join('\n');

const controller = (constant: string) =>
  [
    '<?php',
    'namespace App\\Controller;',
    'use App\\Form\\UploadForm;',
    'class DocumentController',
    '{',
    '    public function upload(Request $request)',
    '    {',
    "        $file = $request->files->get('document');",
    `        $name = transliterator_transliterate(UploadForm::${constant}, $file->getClientOriginalName());`,
    "        $file->move('/srv/documents', $name);",
    '    }',
    '}',
  ].join('\n');

test('PHP: a transliteration rule held in another class constant is read where the class declares it', async () => {
  assert.deepEqual(await uploads({ 'src/Form/UploadForm.php': form, 'src/Controller/DocumentController.php': controller('SAFE_NAME') }), []);
  assert.deepEqual(await uploads({ 'src/Form/UploadForm.php': form, 'src/Controller/DocumentController.php': controller('DOTTED_NAME') }), [
    'src/Controller/DocumentController.php:10',
  ]);
});
