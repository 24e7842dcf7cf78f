import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSecrets, maskSecret } from '../../src/engine/secrets/index.ts';

// Fake values generated for these tests.
const GITHUB = 'ghp_6aYr3E3iEAW9FffudIjBKOjVOQ1bDI4NssRe';
const PASSWORD = 'ZrFc5Rs=ORjDr=qnGHB#';

test('a finding is complete and never carries the secret whole', () => {
  const text = `const a = 1;\nconst token = "${GITHUB}"; const dbPassword = "${PASSWORD}";\n`;
  const findings = findSecrets('src/app.js', text);
  assert.equal(findings.length, 2);
  const [gh, pw] = findings;
  assert.equal(gh.type, 'HARDCODED_SECRET');
  assert.deepEqual(gh.cwe, [798]);
  assert.equal(gh.provider, 'github');
  assert.equal(gh.ruleId, 'secrets.github-token');
  assert.equal(gh.line, 2);
  assert.equal(gh.column, text.split('\n')[1].indexOf(GITHUB) + 1);
  assert.match(gh.id, /^vuln_[0-9a-f]{24}$/);
  assert.equal(pw.provider, 'generic');
  const serialised = JSON.stringify(findings);
  assert.ok(!serialised.includes(GITHUB) && !serialised.includes(PASSWORD), 'secret leaked into the finding');
  // Both secrets on the line are masked in each snippet.
  for (const f of findings) assert.ok(!f.snippet.includes(PASSWORD.slice(4)) && !f.snippet.includes(GITHUB.slice(8)));
});

test('the fingerprint depends on rule, file and secret, not on the line', () => {
  const first = findSecrets('a.py', `TOKEN = "${GITHUB}"\n`)[0];
  const moved = findSecrets('a.py', `\n\n# moved down\nTOKEN = "${GITHUB}"\n`)[0];
  const otherFile = findSecrets('b.py', `TOKEN = "${GITHUB}"\n`)[0];
  assert.equal(first.fingerprint, moved.fingerprint);
  assert.equal(first.id, moved.id);
  assert.notEqual(first.fingerprint, otherFile.fingerprint);
});

test('masking shows a prefix or a PEM header only', () => {
  assert.equal(maskSecret(GITHUB), 'ghp_6a********');
  assert.equal(maskSecret('-----BEGIN RSA PRIVATE KEY-----\nMIIE'), '-----BEGIN RSA PRIVATE KEY-----********');
  assert.equal(maskSecret('abc'), '********');
});

test('placeholders, look-ups, hashes, UUIDs and public keys are not secrets', () => {
  const text = [
    'password = "changeme"',
    'api_key = os.environ["API_KEY"]',
    'secret = "${APP_SECRET}"',
    'token = "<token>"',
    'integrity = "sha512-QA1uACqZdO9AaMBv9hZWzne8FqV1ZlOhHtkiT4QvoHLNDXp/+FayVVnHKF5X9kM7NGjPuOCLhjEKm2fPjI4xVQ=="',
    'commit_sha = "6f411183c3ebc54831caf481aa26449f755e4955"',
    'tenant_id = "f7869920-7228-4de0-a145-0a71a8117f72"',
    'public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHnxhHl1Bq8Z/RHJks6czebvmbQodKqqCVgXhdAnD4/J ci"',
    'logo = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAwAAAAMCAIAAADZF8uwAAABr0lEQVR4nD3PQWsB"',
  ].join('\n');
  assert.deepEqual(findSecrets('settings.py', text), []);
});

test('standard algorithm names beside a key are not secrets; a key beside them is', () => {
  const text = [
    'SecretKeySpec secretKey = new SecretKeySpec(key, "HmacSHA256");',
    'SecretKey cipherKey = new SecretKeySpec(derivedKey, "HmacPBESHA1");',
    'sKey = new PBEKey(pbeKeySpec, "PBEWithMD5AndTripleDES", false);',
    'Cipher keyCipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");',
    'String signingKeyAlgorithm = "SHA256withRSA";',
  ].join('\n');
  assert.deepEqual(findSecrets('Keys.java', text), []);
  const real = findSecrets('Keys.java', `SecretKeySpec signingKey = new SecretKeySpec("${PASSWORD}".getBytes(), "HmacSHA256");`);
  assert.equal(real.length, 1);
});

test('a file without any keyword costs one pass and finds nothing', () => {
  assert.deepEqual(findSecrets('big.txt', 'lorem ipsum dolor sit amet\n'.repeat(10_000)), []);
});

test('random credentials are not mistaken for names, formats or placeholders', () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#%+=*^@$';
  // A fixed seed (mulberry32) keeps the test deterministic.
  let seed = 0x5eed;
  const randomInt = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  let rejected = 0;
  const trials = 2000;
  for (let i = 0; i < trials; i++) {
    const length = 12 + randomInt(20);
    const value = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (findSecrets('config.py', `DB_PASSWORD = "${value}"\n`).length !== 1) rejected++;
  }
  // A handful may look like a format string or a placeholder by chance; not more.
  assert.ok(rejected / trials < 0.01, `${rejected} of ${trials} random passwords not reported`);
});

test('a literal argument of a call that computes the value is not the value; a conversion or an environment fallback is', () => {
  const computed = [
    ['pkg/config/config.go', 'formattedKey := strings.ToLower(strings.TrimPrefix(key, "VIKUNJA_"))'],
    ['app/Collector.php', "$nameKey = sprintf('%s_acct_nm', $direction);"],
    ['src/Cache.php', "$apiKey = str_replace('Xk9Qm2Lp7vRtZ_', '', $raw);"],
    ['build/install.sh', "NEW_SECRET=$(head -c 512 /dev/urandom | tr -dc 'a-zA-Z0-9' | head -c 32)"],
    ['ci/build.yml', "key: xgo-${{ inputs.project }}-${{ hashFiles('**/go.sum') }}"],
  ];
  for (const [file, line] of computed) assert.deepEqual(findSecrets(file, `${line}\n`), [], line);
  const values = [
    ['internal/auth.go', `var jwtKey = []byte("${PASSWORD}")`],
    ['Program.cs', `IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("${PASSWORD}")),`],
    ['src/hmac.py', `SIGNING_KEY = bytes(b"${PASSWORD}")`],
    ['config/app.php', `'key' => env('APP_KEY', '${PASSWORD}'),`],
    ['settings.py', `SECRET_KEY = os.getenv(name, "${PASSWORD}")`],
    ['src/db.js', `const dbPassword = process.env.DB_PASSWORD || "${PASSWORD}";`],
  ];
  for (const [file, line] of values) assert.equal(findSecrets(file, `${line}\n`).length, 1, line);
});

test('a Go declaration `Name Type = value` is read under its name, not its type', () => {
  // Setting-name constants: the names say no credential (the type `Key` did).
  assert.deepEqual(findSecrets('pkg/config/config.go', 'const (\n\tFilesS3UsePathStyle   Key = `files.s3.usepathstyle`\n)\n'), []);
  // A typed constant or variable with a credential's name is read as one.
  assert.equal(findSecrets('pkg/auth/keys.go', `const apiKey string = "${PASSWORD}"\n`).length, 1);
  assert.equal(findSecrets('pkg/auth/keys.go', `\tsigningSecret Secret = "${PASSWORD}"\n`).length, 1);
});

test('a type-annotated declaration is read under its name, not its type', () => {
  const declarations: [string, string][] = [
    ['src/config.ts', `const apiKey: string = "${PASSWORD}";`],
    ['src/config.ts', `export const clientSecret: string | undefined = "${PASSWORD}";`],
    ['app/settings.py', `    SECRET_KEY: str = "${PASSWORD}"`],
    ['app/settings.py', `    secret_key: typing.Optional[str] = "${PASSWORD}"`],
    ['app/src/main/kotlin/Config.kt', `val apiKey: String = "${PASSWORD}"`],
    ['src/main.rs', `const API_KEY: &str = "${PASSWORD}";`],
  ];
  for (const [file, line] of declarations) assert.equal(findSecrets(file, `${line}\n`).length, 1, line);
  // The name still decides: a count is no credential.
  assert.deepEqual(findSecrets('src/config.ts', `const tokenCount: number = "${PASSWORD}";\n`), []);
});

test('a JWT whose exp has passed by the scan clock is no credential, for any rule; no exp, a later one, or an odd one is', async () => {
  const { isExpiredJwt, jwtExpiry } = await import('../../src/engine/secrets/expiry.ts');
  const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
  const token = (payload: object) => `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.Qz8vW3nB6mK1pL4sX7rT0yC5hJ2dG9aF3iU6oE1kZ8w`;
  const may2019 = token({ sub: 'demo', exp: 1557326850 });
  assert.equal(jwtExpiry(may2019), 1557326850);
  // Judged against the clock given (the scan's): valid the day before, expired the day after.
  assert.equal(isExpiredJwt(may2019, Date.UTC(2019, 4, 7)), false);
  assert.equal(isExpiredJwt(may2019, Date.UTC(2019, 4, 10)), true);
  assert.equal(isExpiredJwt(token({ sub: 'svc' })), false);
  assert.equal(isExpiredJwt(token({ sub: 'svc', exp: '1557326850' })), false);
  // The generic rule does not take up an expired token under a credential's name either.
  assert.deepEqual(findSecrets('client.py', `AUTH_TOKEN = "${may2019}"\n`), []);
  const live = findSecrets('client.py', `AUTH_TOKEN = "${token({ sub: 'svc' })}"\n`);
  assert.deepEqual(live.map((f) => f.ruleId), ['secrets.jwt']);
});

test('Rails-style per-environment YAML: values under development: and test: are local, production stays reported', () => {
  const text = [
    'development:',
    '  secret_key_base: 6f1c0a9e3b7d52e8c4a1f0b9d7e3c5a2b8f6d4e1c9a7b5f3d1e8c6a4b2f0e9d7',
    '',
    '# the test suite signs its cookies with this one',
    'test:',
    '  secret_key_base: 0b9d7e3c5a2b8f6d4e1c9a7b5f3d1e8c6a4b2f0e9d76f1c0a9e3b7d52e8c4a1f',
    '',
    'production:',
    '  secret_key_base: 9a7b5f3d1e8c6a4b2f0e9d76f1c0a9e3b7d52e8c4a1f0b9d7e3c5a2b8f6d4e1c',
  ].join('\n');
  assert.deepEqual(
    findSecrets('config/secrets.yml', text).map((f) => f.line),
    [9],
  );
  // Outside a framework's config folder the same keys are only names.
  assert.deepEqual(
    findSecrets('deploy/values.yml', text).map((f) => f.line),
    [2, 6, 9],
  );
});

test("a Laravel APP_KEY is the application's own: silent in test, example, documentation and local environment files", () => {
  // A fake key made for this test.
  const line = 'APP_KEY=base64:Xk6kAzaeoapPNhn6nIOLv63YgJ8fCN9sC0UEMOjVCrE=\n';
  for (const file of ['.env.testing', '.env.testing-ci', '.env.unit-tests', '.env.dusk.local', '.env.testing.example', 'TESTING.md', 'tests/fixtures/app.env']) {
    assert.deepEqual(findSecrets(file, line), [], file);
  }
  for (const file of ['.env', '.env.production', '.env.docker', '.env.development.local']) {
    assert.deepEqual(
      findSecrets(file, line).map((f) => f.ruleId),
      ['secrets.laravel-app-key'],
      file,
    );
  }
});

test('an ASP.NET machineKey element is one credential: its decryptionKey is not reported again by the generic rule', () => {
  // Fake keys generated for this test.
  const validation = '7D2E96A1C04B8F3E55A9D7C21B6F0E48A3C9D15E72B08F4A6C13E95D27B0A8F41C6E3D92A57B08E14F6A3C95D27E0B8A41';
  const decryption = 'B4E19C7A2F6D03E85A1C94B7D26E0F38A5C19D7E42B6F0A3';
  const config = `<configuration>\n  <system.web>\n    <machineKey validationKey="${validation}" decryptionKey="${decryption}" validation="HMACSHA256" decryption="AES" />\n  </system.web>\n</configuration>\n`;
  const findings = findSecrets('src/Site/Web.config', config);
  assert.deepEqual(findings.map((f) => [f.ruleId, f.line]), [['secrets.aspnet-machine-key', 3]]);
  // The same key under a name of its own, elsewhere, is still a credential.
  const code = `public static class Keys\n{\n    public const string DecryptionKey = "${decryption}";\n}\n`;
  assert.deepEqual(findSecrets('src/Site/Keys.cs', code).map((f) => [f.ruleId, f.line]), [['secrets.generic-credential', 3]]);
});
