// Which files are test code, by the conventions of the languages' test runners and build
// tools, and the other code a project keeps beside its product without deploying it: the
// documentation's example and sample programs, and the build tools' configuration (a
// development server's mock routes). Such code is not reached by an attacker:
// - its taint sources (test-function parameters, fixtures, factories) start no flows;
// - findings whose sink is in it are left out of the default report (counted in
//   `summary.testFindingsHidden`; `scanner scan --include-tests` shows them);
// - rules marked `notInTests` (weak randomness, hashes, disabled TLS checks, loose
//   permissions, debug settings) do not report there at all.
// Secrets are not concerned: the secret detector has its own policy for test files.
import type { Finding, ScanResult, Severity } from './types.ts';
import { SECRET_TYPE } from './secrets/type.ts';

/**
 * Folders whose every file is test code, by their name (one path segment). Names that are also
 * ordinary words of production code are left out: `testing/` (test utilities a library ships,
 * or a feature of the product), `mocks/`, `factories/` outside the test trees.
 */
const TEST_FOLDERS: { pattern: RegExp; convention: string }[] = [
  // Not `specs/`: API specifications live in folders of that name.
  { pattern: /^([Tt]ests?|spec)$/, convention: 'test trees of every language: JUnit and Maven src/test, PHPUnit tests/, Rails test/ and spec/, pytest tests/' },
  { pattern: /^__(tests|mocks|fixtures|snapshots)__$/, convention: 'Jest' },
  { pattern: /^\.snapshots$/, convention: "Go snapshot tests' (cupaloy) snapshots" },
  { pattern: /^(testdata|test[-_]data|test[-_]?resources|fixtures|test[-_]?fixtures|testFixtures|[\w-]*cassettes)$/i, convention: 'fixtures: Go testdata/, test_resources/ and test-resources/, Gradle testFixtures, Rails and pytest fixtures, VCR cassettes' },
  { pattern: /^(e2e|cypress|playwright|[\w-]*[-_]tests?)$/, convention: 'browser and end-to-end suites, integration-tests/, unit_tests/' },
  { pattern: /^([\w-]*[-_])?test[-_]?(utils?|helpers?|support|lib|mocks)$/i, convention: 'test helpers: Go testutil/, Python test_utils/, a monorepo package acme-test-utils/' },
  { pattern: /^\w[\w-]*(\.[\w-]+)*\.(Unit|Integration|Functional|Acceptance|EndToEnd)?(Tests?|Specs?)(\.[\w-]+)*$/, convention: '.NET test projects: Acme.Tests, Acme.Api.IntegrationTests, Acme.Tests.Common' },
  { pattern: /^([\w-]+\.)*([\w-]*[-_])?[Tt]est[-_]?[Ss]uites?(\.[\w-]+)*$/, convention: 'integration suites run against a deployed stack: TestSuite/, TestSuite.Shared, api-test-suite/' },
  // Load tests drive a running server from outside; their defaults are the test stack's.
  { pattern: /^(k6|locust|gatling|jmeter|artillery|(load|perf|performance|stress|soak)[-_]?(tests?|testing))$/i, convention: 'load and performance tests: k6/, locust/, Gatling, JMeter, Artillery, loadtest/' },
  // Programs the documentation shows (a demo service, a sample executor): users copy them, they do not deploy
  // them. Only the plural folder names: a singular `example/` is also a product's package (`com/example/`).
  { pattern: /^([\w-]*[-_])?(examples|samples)$/i, convention: 'example and sample programs: examples/, samples/, acme-executor-samples/' },
];

/** Paths (consecutive segments) of test code where no one segment says so. */
const TEST_PATHS: { pattern: RegExp; convention: string }[] = [
  { pattern: /(^|\/)database\/factories\//, convention: 'Laravel model factories' },
  // `it/` alone is also a locale folder (resources/lang/it/).
  { pattern: /(^|\/)src\/(it|integrationTest|intTest|androidTest)\//, convention: 'Maven and Gradle integration-test source sets' },
  { pattern: /(^|\/)features\/(step_definitions|support)\//, convention: 'Cucumber steps and support' },
  { pattern: /(^|\/)config\/environments\/test\w*\.rb$/, convention: "Rails' test environment settings" },
];

/**
 * Go's test-helper packages are named for the package they help test (`httptest`, `iotest`,
 * `caddytest`): a folder of Go files whose name ends in `test`, other than English words that do.
 */
const GO_TEST_PACKAGE = /(^|\/)(?!(la|con|pro|at|de|fas|grea|shor|hot|stric|smar|brigh|ligh)test\/)[a-z][a-z0-9]*test\/[^/]+\.go$/;

/** File names that are tests or test configuration wherever they are. */
const TEST_FILES: { pattern: RegExp; convention: string }[] = [
  { pattern: /_test\.go$/, convention: 'go test' },
  { pattern: /^(test_\w*|\w+_tests?|tests|tests_\w+|conftest)\.py$/, convention: 'pytest, unittest and Django tests.py' },
  { pattern: /\.(test|spec|e2e|e2e-spec|cy)\.[cm]?[jt]sx?$/, convention: 'Jest, Vitest, Mocha, Cypress, Playwright, NestJS e2e' },
  { pattern: /^(setupTests|setup-tests|test-setup|(jest|vitest)\.setup)\.[cm]?[jt]sx?$/, convention: 'test runner set-up files (create-react-app src/setupTests.js)' },
  {
    pattern: /^((cypress|playwright|jest|vitest)\.config|(wdio|karma|nightwatch|protractor)\.conf)\.[cm]?[jt]s$|^cypress\.json$/,
    convention: "test runners' configuration (cypress.config.ts, playwright.config.ts, wdio.conf.js, karma.conf.js, jest.config.mjs): the suites' settings, test accounts included",
  },
  // Not an A/B test's helpers (`abTestUtils.ts`), which are product code.
  {
    pattern: /^(?!([\w-]*[-_])?[Aa][Bb][-_]?[Tt]est)(\w*[a-z0-9]Test|test|[\w-]*[-_]test)[-_]?(Utils?|utils?|Helpers?|helpers?)\.[cm]?[jt]sx?$/,
    convention: "test helper modules beside the code they help test (React Testing Library's test-utils.js, testUtils.ts, ppkTestUtils.ts)",
  },
  { pattern: /^(mocks?|[\w-]+(\.[\w-]+)*\.mocks?)\.[cm]?[jt]sx?$/, convention: 'mock data beside the code its tests import it for (mock.ts, user.mock.ts)' },
  { pattern: /\.(stories|story)\.([cm]?[jt]sx?|mdx)$/, convention: "Storybook's component stories" },
  // What runs them is the developer's machine: a dev server's mock API (webpack's `devServer.setupMiddlewares`,
  // Vue CLI's `devServer.before`) answers only there.
  {
    pattern: /^(webpack(\.[\w-]+)*|vite(\.[\w-]+)*\.config|vue\.config|rollup(\.[\w-]+)*\.config|gulpfile|Gruntfile)\.[cm]?[jt]s$/,
    convention: 'build tool configuration: webpack.config.js, webpack.dev.js, vite.config.ts, vue.config.js, rollup.config.mjs, gulpfile.js, Gruntfile.js',
  },
  {
    pattern: /^([\w-]+[_.-])?fixtures\.(go|[cm]?[jt]sx?|py|rb|php)$/,
    convention: "fixture data a package keeps in its own files for other packages' tests (Go cannot import a _test.go file)",
  },
  { pattern: /^[A-Z]\w*(Tests?|TestCase|[a-z0-9]IT)\.(java|kt)$/, convention: 'JUnit, TestNG and Failsafe (FooIT)' },
  { pattern: /^\w+Tests?\.cs$/, convention: 'xUnit, NUnit, MSTest' },
  { pattern: /^\w+Tests?\.php$/, convention: 'PHPUnit, Pest' },
  { pattern: /_(spec|test)\.rb$|^(spec|rails|test)_helper\.rb$/, convention: 'RSpec, Minitest' },
];

/**
 * Maven and Gradle keep production code under `src/main/`: a package or resource folder named
 * `test` below it (a tag library, a test-result feature) is production code.
 */
const PRODUCTION_ROOT = /(^|\/)src\/main\//;

/** `path`: relative to the scan root, with forward slashes. */
export function isTestCode(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  if (TEST_FILES.some(({ pattern }) => pattern.test(name))) return true;
  if (TEST_PATHS.some(({ pattern }) => pattern.test(path)) || GO_TEST_PACKAGE.test(path)) return true;
  const main = PRODUCTION_ROOT.exec(path);
  const folders = path.slice(0, main ? main.index : slash + 1);
  return folders.split('/').some((segment) => segment !== '' && TEST_FOLDERS.some(({ pattern }) => pattern.test(segment)));
}

/**
 * A finding the default report leaves out: its sink (the finding's own location) is in test
 * code. Secrets are reported by their own test-code policy, never hidden here.
 */
export function isTestFinding(finding: Pick<Finding, 'file' | 'type'>): boolean {
  return finding.type !== SECRET_TYPE && isTestCode(finding.file);
}

/** `result` without its test-code findings, which `summary.testFindingsHidden` counts. */
export function withoutTestFindings(result: ScanResult): ScanResult {
  const findings = result.findings.filter((f) => !isTestFinding(f));
  const findingsBySeverity: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) findingsBySeverity[f.severity]++;
  const hidden = result.findings.length - findings.length;
  return { findings, summary: { ...result.summary, findingsBySeverity, testFindingsHidden: (result.summary.testFindingsHidden ?? 0) + hidden } };
}
