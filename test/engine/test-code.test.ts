// Test code: which paths count as tests, and that rules marked `notInTests` stay quiet
// there while every other rule (injections, secrets) reports as anywhere else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles } from '../../src/engine/index.ts';
import { isTestCode } from '../../src/engine/test-code.ts';

test('test files and directories of each language are test code; look-alikes are not', () => {
  for (const path of [
    'pkg/store/store_test.go',
    'tests/test_views.py',
    'app/test_models.py',
    'app/models_test.py',
    'conftest.py',
    'src/api/users.test.ts',
    'web/Button.spec.jsx',
    'src/__tests__/auth.js',
    'src/test/java/com/acme/UserServiceTest.java',
    'Acme.Tests/TokenTests.cs',
    'spec/models/user_spec.rb',
    'test/unit/user_test.rb',
    'tests/Unit/UserTest.php',
  ]) {
    assert.ok(isTestCode(path), path);
  }
  for (const path of [
    'pkg/store/store.go',
    'src/testing/helpers.go',
    'app/contest.py',
    'app/latest/views.py',
    'src/api/users.ts',
    'src/main/java/com/acme/TestimonialService.java',
    'lib/attestation.rb',
  ]) {
    assert.ok(!isTestCode(path), path);
  }
});

test('a rule marked notInTests reports in code and not in tests; other rules report in both', async () => {
  // math/rand for a token (WEAK_RANDOM, notInTests) and a hard-coded GitHub token (a secret: reported everywhere).
  const code = [
    'package auth',
    '',
    'import mathrand "math/rand"',
    '',
    'const deployToken = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R"',
    '',
    'func ResetToken() int64 {',
    '\treturn mathrand.Int63()',
    '}',
    '',
  ].join('\n');
  const result = await scanSourceFiles(
    [
      { path: 'auth/token.go', content: Buffer.from(code) },
      { path: 'auth/token_test.go', content: Buffer.from(code) },
    ],
    { jobs: 1, cacheDir: null },
  );
  const types = (file: string) => result.findings.filter((f) => f.file === file).map((f) => f.type).sort();
  assert.deepEqual(types('auth/token.go'), ['HARDCODED_SECRET', 'WEAK_RANDOM']);
  assert.deepEqual(types('auth/token_test.go'), ['HARDCODED_SECRET']);
});
