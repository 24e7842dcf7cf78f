// Test code: which paths count as tests; findings there are left out of the default result
// and counted; sources there start no flows; rules marked `notInTests` stay quiet there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, type Finding } from '../../src/engine/index.ts';
import { isTestCode } from '../../src/engine/test-code.ts';

test('test files, test folders and fixtures of each language are test code', () => {
  for (const path of [
    // Go
    'pkg/store/store_test.go',
    'modules/encode/testdata/handler.go',
    'internal/configuration/test_resources/config.yml',
    'internal/configuration/test_resources/crypto/rsa.2048.pem',
    'server/test-resources/keys/signing.pem',
    'internal/testutil/server.go',
    // Go test-helper packages, named for the package they help test.
    'caddytest/caddytest.go',
    'internal/httptest/server.go',
    // Python
    'tests/test_views.py',
    'app/test_models.py',
    'app/models_test.py',
    'app/tests.py',
    'app/tests_forms.py',
    'conftest.py',
    'app/test_utils/factories.py',
    'app/fixtures/users.py',
    // JavaScript and TypeScript
    'src/api/users.test.ts',
    'web/Button.spec.jsx',
    'src/__tests__/auth.js',
    'src/__mocks__/storage.ts',
    'src/__fixtures__/payload.js',
    'server/test/factories.ts',
    'cypress/e2e/login.cy.ts',
    'e2e/checkout.ts',
    'playwright/fixtures.ts',
    'test/app.e2e-spec.ts',
    'packages/api/integration-tests/setup.js',
    'packages/acme-test-utils/src/database.ts',
    'packages/shop_test_helpers/index.js',
    // Test helper modules beside the code they help test.
    'src/utils/test-utils.tsx',
    'packages/server/src/utils/testing/testUtils.ts',
    'packages/lib/services/e2ee/ppkTestUtils.ts',
    'src/api/test_helpers.js',
    'packages/connectors/connector-alipay-web/src/mock.ts',
    'src/app/services/user.service.mock.ts',
    // Java
    'src/test/java/com/acme/UserServiceTest.java',
    'core/src/test/java/com/acme/Helpers.java',
    'src/it/java/com/acme/CheckoutFlow.java',
    'src/integrationTest/java/com/acme/Flow.java',
    'src/testFixtures/java/com/acme/Users.java',
    'src/main/java/com/acme/UserRepositoryIT.java',
    // C#
    'Acme.Tests/TokenTests.cs',
    'tests/Acme.Server.Integration.Tests/Startup.cs',
    'src/Acme.Api.IntegrationTests/Client.cs',
    'Acme.Tests.Common/Builders.cs',
    // PHP
    'tests/Unit/UserTest.php',
    'database/factories/UserFactory.php',
    // Ruby
    'spec/models/user_spec.rb',
    'spec/support/request_helpers.rb',
    'spec/factories/users.rb',
    'test/unit/user_test.rb',
    'test/fixtures/files/upload.rb',
    'features/step_definitions/login_steps.rb',
    'config/environments/test.rb',
    'ui/src/setupTests.js',
    'spec/fixtures/vcr_cassettes/github.yml',
    // Fixture data kept in a package's own files so other packages' tests can load it (a Go _test.go file
    // cannot be imported), Storybook's component stories, and Go snapshot tests' (cupaloy) snapshots.
    'internal/entity/auth_session_fixtures.go',
    'internal/entity/fixtures.go',
    'src/lib/users.fixtures.ts',
    'frontend/src/component/Banner/Banner.stories.tsx',
    'frontend/src/component/Token/TokenExplanation.story.tsx',
    'selfservice/flow/registration/.snapshots/TestSortNodes-case=1.json',
    // Integration suites run against a deployed stack, and load tests.
    'tools/TestSuite/TestSuite.Shared/ClientWrapper.cs',
    'tools/TestSuite/docker-compose-sqlserver.yml',
    'qa/api-test-suite/orders.ts',
    'tools/k6/shared.js',
    'perf/locust/locustfile.py',
    'loadtest/checkout.js',
    // Example and sample programs of the documentation, and build tools' configuration (a dev server's mocks).
    'examples/service-whoami-flask/whoami-flask.py',
    'docs/samples/webhook_receiver.rb',
    'acme-executor-samples/acme-sample-springboot/src/main/java/com/acme/IndexController.java',
    'jsx/webpack.config.js',
    'config/webpack.dev.ts',
    'web/vite.config.mts',
    'frontend/vue.config.js',
    'rollup.config.mjs',
    'gulpfile.js',
    // Test runners' own configuration at a project's root (the suites' settings, test accounts included).
    'cypress.config.ts',
    'frontend/cypress.json',
    'playwright.config.ts',
    'e2e-runner/wdio.conf.js',
    'karma.conf.js',
    'jest.config.mjs',
    'vitest.config.ts',
  ]) {
    assert.ok(isTestCode(path), path);
  }
});

test('production code whose name looks like a test convention is not test code', () => {
  for (const path of [
    'pkg/store/store.go',
    // Test utilities a library ships to its users, and product features named "testing".
    'src/testing/helpers.go',
    'src/Acme.Testing/ServerFixture.cs',
    'app/contest.py',
    'app/latest.py',
    'app/latest/views.py',
    'pkg/latest/release.go',
    'internal/contest/entries.go',
    'packages/contest-utils/index.ts',
    'src/experiments/abTestUtils.ts',
    'src/experiments/ab-test-helpers.js',
    'src/contestUtils.ts',
    'src/mockingbird.ts',
    'src/services/mock-payment-provider.ts',
    'src/latestHelpers.js',
    'pkg/latest_lib/release.go',
    'app/testimonials.py',
    'src/api/users.ts',
    'src/api/latest.spec-parser.ts',
    'src/config/playwright.ts',
    'src/browser/cypressConfig.ts',
    'src/main/java/com/acme/TestimonialService.java',
    'src/main/java/com/acme/AUDIT.java',
    // Maven production code under a package or resource folder named `test`.
    'core/src/main/java/hudson/tasks/test/TestResultAction.java',
    'core/src/main/resources/lib/test/bar.jelly',
    'Contest.Api/Controllers/EntriesController.cs',
    'lib/attestation.rb',
    'app/controllers/contests_controller.rb',
    'config/environments/production.rb',
    // A product feature that sends a test e-mail.
    'app/views/mailer/test_email.html.erb',
    'app/Settings/TestEmailNotification.php',
    // Locale folders (Italian), API specifications, factories outside a test tree.
    'resources/lang/it/auth.php',
    'api/specs/openapi.py',
    'src/factories/connection_factory.py',
    'app/Factories/ReportFactory.php',
    // A product's own test-suite model (a test management tool), outside any test tree.
    'src/main/java/com/acme/testsuite/TestSuiteService.java',
    // Sports fixtures (a match schedule) as a product's own data, and one fixture's loader.
    'src/league/FixtureList.tsx',
    'app/models/fixture.rb',
    'src/stories/reader.ts',
    // A product's package named `example`, code that handles examples or samples, a product's webpack plugin.
    'src/main/java/com/example/demo/UserController.java',
    'app/example/views.py',
    'src/main/java/org/acme/examples/ExampleService.java',
    'app/services/sample_picker.rb',
    'src/build/webpackPlugin.ts',
    'server/routes/webpack-assets.js',
  ]) {
    assert.ok(!isTestCode(path), path);
  }
});

test('a rule marked notInTests reports in code and not in tests; other rules report in both', async () => {
  // math/rand stored as a reset token (WEAK_RANDOM, notInTests) and a hard-coded GitHub token (a secret: reported everywhere).
  const code = [
    'package auth',
    '',
    'import mathrand "math/rand"',
    '',
    'const deployToken = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R"',
    '',
    'type Account struct{ ResetToken int64 }',
    '',
    'func StartReset(a *Account) {',
    '\ta.ResetToken = mathrand.Int63()',
    '}',
    '',
  ].join('\n');
  const result = await scanSourceFiles(
    [
      { path: 'auth/token.go', content: Buffer.from(code) },
      { path: 'auth/token_test.go', content: Buffer.from(code) },
    ],
    { jobs: 1, cacheDir: null, includeTests: true },
  );
  const types = (file: string) => result.findings.filter((f) => f.file === file).map((f) => f.type).sort();
  assert.deepEqual(types('auth/token.go'), ['HARDCODED_SECRET', 'WEAK_RANDOM']);
  assert.deepEqual(types('auth/token_test.go'), ['HARDCODED_SECRET']);
});

const file = (path: string, lines: string[]) => ({ path, content: Buffer.from(`${lines.join('\n')}\n`) });

/** An Express app that lets any origin make credentialed requests (a structural rule) beside a hard-coded GitHub token. */
const PERMISSIVE_SERVER = [
  "const express = require('express');",
  "const cors = require('cors');",
  '',
  "const deployToken = 'ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R';",
  'const app = express();',
  'app.use(cors({ origin: true }));',
  'module.exports = { app, deployToken };',
];

test('findings in test code are left out by default and counted; includeTests reports them; secrets are reported either way', async () => {
  const files = [file('server/app.js', PERMISSIVE_SERVER), file('test/support/server.js', PERMISSIVE_SERVER)];
  const streamed: Finding[] = [];
  const hidden = await scanSourceFiles(files, { jobs: 1, cacheDir: null, onFinding: (f) => streamed.push(f) });
  const where = (findings: Finding[]) => findings.map((f) => `${f.file} ${f.type}`).sort();
  assert.deepEqual(where(hidden.findings), ['server/app.js CORS_MISCONFIGURATION', 'server/app.js HARDCODED_SECRET', 'test/support/server.js HARDCODED_SECRET']);
  assert.equal(hidden.summary.testFindingsHidden, 1);
  assert.equal(hidden.summary.findingsBySeverity.medium, 1, 'the hidden finding is not counted by severity');
  assert.deepEqual(where(streamed), where(hidden.findings), 'the findings streamed as they are found are the ones reported');

  const shown = await scanSourceFiles(files, { jobs: 1, cacheDir: null, includeTests: true });
  assert.deepEqual(where(shown.findings), [...where(hidden.findings), 'test/support/server.js CORS_MISCONFIGURATION'].sort());
  assert.equal(shown.summary.testFindingsHidden, 0);
});

test('a source in test code starts no flow: a production sink reached only from a test is no finding', async () => {
  const reports = file('lib/reports.js', [
    "const { exec } = require('child_process');",
    '',
    'function buildReport(name) {',
    "  exec('generate-report ' + name);",
    '}',
    'module.exports = { buildReport };',
  ]);
  // A handler calling the production function with request data: mounted by a test, then by a route.
  const handler = [
    "const express = require('express');",
    "const { buildReport } = require('../lib/reports');",
    '',
    'const app = express();',
    "app.get('/report', (req, res) => {",
    '  buildReport(req.query.name);',
    "  res.send('ok');",
    '});',
  ];
  const testHandler = file('test/reports.test.js', handler);
  const onlyTests = await scanSourceFiles([reports, testHandler], { jobs: 1, cacheDir: null, includeTests: true });
  assert.deepEqual(onlyTests.findings.filter((f) => f.type === 'COMMAND_INJECTION'), []);

  // The same call from a production route is a finding, with its source in the route.
  const route = file('routes/reports.js', handler);
  const withRoute = await scanSourceFiles([reports, testHandler, route], { jobs: 1, cacheDir: null, includeTests: true });
  const flows = withRoute.findings.filter((f) => f.type === 'COMMAND_INJECTION');
  assert.deepEqual(flows.map((f) => `${f.file}:${f.line}`), ['lib/reports.js:4']);
  assert.equal(flows[0]!.trace?.[0]?.file, 'routes/reports.js');
});
