// The templates a code generator fills in (a placeholder in a folder's or file's name) are not
// code that runs: they are skipped as generated, with why, and the project's own files are scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanSourceFiles } from '../../src/engine/index.ts';
import { collectDirectory } from '../../src/sources/directory.ts';

const MAPPER = (namespace: string, statement: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<mapper namespace="${namespace}">\n  <select id="list" resultType="map">\n    ${statement}\n  </select>\n</mapper>\n`;

test('folders and files named with a generator placeholder are skipped as generated; the project’s own mapper is scanned', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'scanner-generator-'));
  const files: Record<string, string> = {
    // FreeMarker templates of an online code generator: ${r'#'}{…} becomes a bound #{…} once generated.
    'src/main/resources/code-template/${bussiPackage}/mapper/xml/${entityName}Mapper.xml': MAPPER('${bussiPackage}.mapper', "select * from ${tableName} where id = ${r'#'}{id}"),
    'src/main/resources/code-template/one/${entityName}Mapper.xml': MAPPER('x', 'select * from ${tableName}'),
    // A cookiecutter project template.
    '{{cookiecutter.project_slug}}/settings.py': 'DATABASE_PASSWORD = "{{ cookiecutter.db_password }}"\n',
    // The application's own mapper.
    'src/main/resources/mapper/UserMapper.xml': MAPPER('com.example.UserMapper', 'select * from users order by ${order}'),
  };
  try {
    for (const [relPath, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
      writeFileSync(path.join(root, relPath), text);
    }
    const collected = await collectDirectory(root);
    assert.deepEqual(collected.files.map((f) => f.path), ['src/main/resources/mapper/UserMapper.xml']);
    const generated = collected.skipped.filter((s) => s.reason === 'generated');
    assert.deepEqual(generated.map((s) => s.path).sort(), [
      'src/main/resources/code-template/${bussiPackage}/',
      'src/main/resources/code-template/one/${entityName}Mapper.xml',
      '{{cookiecutter.project_slug}}/',
    ]);
    assert.match(generated.find((s) => s.path.endsWith('Mapper.xml'))!.detail ?? '', /code generator's template \(placeholder \$\{entityName\} in the file's name\)/);
    const { findings } = await scanSourceFiles(collected.files, { jobs: 1, cacheDir: null });
    assert.deepEqual(findings.map((f) => `${f.file}:${f.line}`), ['src/main/resources/mapper/UserMapper.xml:4']);
    // Asked for, they are scanned like everything else.
    const all = await collectDirectory(root, { includeVendored: true });
    assert.equal(all.files.length, 4);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
