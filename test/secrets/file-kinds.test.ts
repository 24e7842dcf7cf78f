// Where a credential sits decides whether it guards anything deployed: generic credentials
// and private keys are not reported in tests, fixtures, examples, documentation, CI and local
// development configuration, lock files or translations; provider tokens are reported anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSecrets } from '../../src/engine/secrets/index.ts';
import { secretFileKinds } from '../../src/engine/secrets/file-kinds.ts';

// Fake values generated for these tests.
const PASSWORD = 'Zq7vLm2xWk9rTb4nHc';
const GITHUB = 'ghp_6aYr3E3iEAW9FffudIjBKOjVOQ1bDI4NssRe';
const PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDWE9dxPFWAuMS5JFO9iYZH59KP9RtOB7q18IZbnI6L2g9b',
  '7dyuRxiQx3vN8kLp2sTz5mWc4rHf6jYb1gDq0aKe9uVo3XlC7iMn2BwS8tJy5pGh4FdR6EzK1oUa0cQv7nLsXbTm3eWk9Ir',
  '-----END PRIVATE KEY-----',
].join('\n');

test('each kind of file is recognised by its path', () => {
  const cases: [string, string[]][] = [
    ['src/config/settings.py', []],
    ['tests/Auth/LoginTest.php', ['test']],
    ['spec/support/cert/key.pem', ['test']],
    ['server/testdata/cert.pem', ['test']],
    ['Acme.Api.Tests/docker-compose.yml', ['test']],
    ['spec/fixtures/users.json', ['test']],
    ['integration/certs/localhost+2-key.pem', ['test']],
    ['integration/web.localhost.key', ['test']],
    ['.env.example', ['example']],
    ['config/settings.example.py', ['example']],
    // An examples folder is also code that is not deployed (src/engine/test-code.ts).
    ['plugins/examples/rpc/src/main.rs', ['example', 'test']],
    ['config/app.json.template', ['example']],
    ['integrations/spring-boot-oauth-client-sample/src/main/resources/application.yml', ['example']],
    ['integrations/oauth2-sso/spring-demo-client1/src/main/resources/application.yml', ['example']],
    ['demo-app/config/settings.py', ['example']],
    ['sdk_examples/go/main.go', ['example', 'test']],
    ['docs/install.md', ['documentation']],
    ['.github/workflows/ci.yml', ['local-config']],
    // a composite action is a piece of a workflow, run by it
    ['.github/actions/release-binaries/action.yml', ['local-config']],
    ['.circleci/config.yml', ['local-config']],
    ['.devcontainer/docker-compose.yml', ['local-config']],
    ['docker-compose.dev.yml', ['local-config']],
    ['.env.test', ['local-config']],
    ['.env.testing-ci', ['local-config']],
    ['.env.unit-tests', ['local-config']],
    ['.env.dusk.local', ['local-config']],
    ['.env.dev.docker', ['local-config']],
    ['apiserver/src/main/resources/application-dev.properties', ['local-config']],
    ['config/application-local.yml', ['local-config']],
    ['src/Acme.Api/appsettings.Development.json', ['local-config']],
    ['src/Acme.Gateway/Properties/launchSettings.json', ['local-config']],
    ['config/packages/dev/mailer.yaml', ['local-config']],
    ['dev/installer/main.go', ['local-config']],
    ['dev/acme-dev.key', ['local-config', 'test']],
    ['certs/acme-dev.crt', ['test']],
    ['tools/TestSuite/docker-compose-base.yml', ['test']],
    ['tools/k6/shared.js', ['test']],
    ['yarn.lock', ['lockfile']],
    ['config/locales/nl.yml', ['translation']],
    ['core/src/main/resources/security/Messages_de.properties', ['translation']],
  ];
  for (const [path, kinds] of cases) assert.deepEqual([...secretFileKinds(path)].sort(), kinds, path);
  // Real credentials live here: not an example nor local-only.
  for (const path of [
    '.env',
    '.env.local',
    '.env.production',
    '.env.docker',
    '.env.development.local',
    '.env.test.local-overrides',
    'docker-compose.yml',
    'config/templates.py',
    'deploy/latest-key.pem',
    'src/main/resources/application-prod.properties',
    'config/appsettings.Production.json',
    'src/Acme.Api/launchSettings.json',
    // A word that only contains one (`resample`, `samplers`, `democracy`), and a bare `demo/`: the product's own.
    'services/resample-worker/config.yml',
    'lib/samplers/settings.py',
    'apps/democracy/settings.py',
    'app/demo/settings.py',
    // `dev` below the top is a product package or a route folder, not the developers' tooling.
    'apiserver/src/main/java/org/acme/dev/DevModeService.java',
    'client/graph/admin/dev/query.graphql',
  ]) {
    assert.deepEqual([...secretFileKinds(path)], [], path);
  }
});

test('generic credentials are not reported where they guard nothing deployed', () => {
  const line = `DB_PASSWORD = "${PASSWORD}"\n`;
  assert.equal(findSecrets('app/settings.py', line).length, 1);
  for (const path of ['tests/test_login.py', 'settings.example.py', 'docs/config.md', '.github/workflows/ci.yml', 'tox.ini']) {
    assert.deepEqual(findSecrets(path, line), [], path);
  }
});

test('provider tokens are reported in test code and examples too', () => {
  const line = `TOKEN = "${GITHUB}"\n`;
  for (const path of ['app/settings.py', 'tests/test_sync.py', 'settings.example.py', 'docs/setup.md']) {
    assert.equal(findSecrets(path, line).length, 1, path);
  }
});

test('a signed JWT is not reported in test code, which signs its tokens with the test key; it is elsewhere', () => {
  // {"id":"q7w2e9r4t1y6u3i","type":"auth","exp":2524604461}: a fixture user's token, valid until 2050.
  const token =
    'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6InE3dzJlOXI0dDF5NnUzaSIsInR5cGUiOiJhdXRoIiwiZXhwIjoyNTI0NjA0NDYxfQ.Hk3vQ9sW2mN7xB4cR8tY1zL6pD0fJ5aG9eU2iK7oT3q';
  const line = `\t\t"Authorization": "${token}",\n`;
  assert.equal(findSecrets('apis/client.go', line).length, 1);
  for (const path of ['apis/record_crud_test.go', 'src/__tests__/auth.test.ts', 'spec/fixtures/session.json']) {
    assert.deepEqual(findSecrets(path, line), [], path);
  }
});

test('private keys are not reported in test fixtures, and are elsewhere', () => {
  assert.equal(findSecrets('deploy/keys/server.key', PEM).length, 1);
  assert.deepEqual(findSecrets('spec/support/cert/key.pem', PEM), []);
  assert.deepEqual(findSecrets('src/test/resources/app.key', PEM), []);
});

test('a URL credential for the machine itself or repeating the user name is a local default', () => {
  assert.equal(findSecrets('config.yml', `DATABASE_URL: postgres://shop:${PASSWORD}@db.internal:5432/shop\n`).length, 1);
  assert.deepEqual(findSecrets('config.yml', `DATABASE_URL: postgres://shop:${PASSWORD}@localhost:5432/shop\n`), []);
  assert.deepEqual(findSecrets('config.yml', `DATABASE_URL: postgres://shop:${PASSWORD}@127.0.0.1/shop\n`), []);
  assert.deepEqual(findSecrets('docker-compose.yml', 'DATABASE_URL: mysql://shop-test:shop-test@db/shop-test\n'), []);
});

test("a URL credential for a CI job's service container, reached by the service's name, is a local default", () => {
  const run = (host: string) => `      - run: docker run --env DATABASE_URL=postgres://app_ci:${PASSWORD}@${host}:5432/app_ci app:ci\n`;
  assert.deepEqual(findSecrets('.github/workflows/build.yml', run('postgres')), []);
  assert.deepEqual(findSecrets('.gitlab-ci.yml', run('postgres')), []);
  // A host with a domain is another machine, in a pipeline too; a one-label host elsewhere is not known to be a service.
  assert.equal(findSecrets('.github/workflows/build.yml', run('db.internal.example.com')).length, 1);
  assert.equal(findSecrets('deploy/run.sh', run('postgres')).length, 1);
});

test('a URL or connection string with a password in a translation catalogue is help text showing its form', () => {
  const url = `msgstr "Exemple : \\"ssh://utilisateur:${PASSWORD}@serveur/dossier\\"."\n`;
  const string = `msgstr "Server=sql.example.net;User=sa;Password=${PASSWORD};"\n`;
  assert.equal(findSecrets('src/help.txt', url).length, 1);
  assert.equal(findSecrets('src/help.txt', string).length, 1);
  for (const path of ['Localizations/app/localization-fr.po', 'po/tr.po', 'src/locales/fr/help.json', 'i18n/messages.xlf']) {
    assert.deepEqual(findSecrets(path, url), [], path);
    assert.deepEqual(findSecrets(path, string), [], path);
  }
});

test('a connection string to the machine itself or to a service of the same Compose file is a local default', () => {
  const string = (server: string) => `const string ConnectionString = "Server=${server};Database=test;User=sa;Password=${PASSWORD}";\n`;
  assert.equal(findSecrets('src/Data/DbFactory.cs', string('sql.internal.example.com')).length, 1);
  for (const server of ['localhost', 'localhost,14330', '127.0.0.1', '.\\\\SQLEXPRESS', '(localdb)\\\\MSSQLLocalDB']) {
    assert.deepEqual(findSecrets('src/Data/DbFactory.cs', string(server)), [], server);
  }
  const env = (server: string) => `services:\n  api:\n    environment:\n      - STORE__CONNECTIONSTRING=Server=${server};Database=shop;User=sa;Password=${PASSWORD};\n`;
  assert.deepEqual(findSecrets('docker-compose.yml', env('db_sqlserver')), []);
  assert.equal(findSecrets('docker-compose.yml', env('sql.internal.example.com')).length, 1);
  // Outside a Compose file, a host of one label is any machine on the network.
  assert.equal(findSecrets('k8s/api.yml', env('db_sqlserver')).length, 1);
});

test('the key of a development certificate is not reported; a Maps key handed to the browser is public', () => {
  assert.deepEqual(findSecrets('dev/acme-dev.key', PEM), []);
  assert.deepEqual(findSecrets('frontend/certs/acme-dev.crt', PEM), []);
  const maps = (outer: string) => `{\n  "${outer}": {\n    "googleMaps": {\n      "key": "AIzaTq3vW8xNbL2mZk7RcY1pHs5dJf9gKo4uE6a"\n    }\n  }\n}\n`;
  assert.deepEqual(findSecrets('appsettings.json', maps('ui')), []);
  assert.equal(findSecrets('appsettings.json', maps('geocoding')).length, 1);
});

test('the parts of a URL are not names with values', () => {
  assert.deepEqual(findSecrets('.env', 'DATABASE_URL=postgres://user:pass@10.0.0.5:5432/outline\n'), []);
});
