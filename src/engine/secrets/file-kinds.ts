// Files whose credentials guard nothing deployed: test code and fixtures, examples and
// samples, documentation, configuration of CI runs and local development environments,
// lock files and translations. A secret rule lists the kinds it stays silent in
// (`notIn`); provider rules, whose tokens have a recognisable structure, list none and
// report a live-looking token wherever it is.
import { isTestCode } from '../test-code.ts';

export const SECRET_FILE_KINDS = ['test', 'example', 'documentation', 'local-config', 'lockfile', 'translation'] as const;
export type SecretFileKind = (typeof SECRET_FILE_KINDS)[number];

/** A Compose file (`docker-compose.yml`, `compose.prod.yaml`, `docker-compose-sqlserver.yml`): its hosts are the names of its services. */
const COMPOSE_FILE = /(?:^|[/.])(?:docker-)?compose(?:[._-][\w.-]*)?\.ya?ml$/i;

export function isComposeFile(path: string): boolean {
  return COMPOSE_FILE.test(path);
}

/** `.env.example`, `settings.example.py`, `config.sample.js`, `example.env`, `app.json.template`, `config.php.dist`. */
const EXAMPLE_FILE = /(?:^|[._-])(?:examples?|samples?)(?:[._-]|$)|\.(?:template|tmpl|dist)$/i;
/**
 * Folders of examples and samples shipped beside the product, also a module or project named for one
 * (`oauth-client-sample/`, `spring-demo-client/`, `demo-app/`: a client written to show an integration,
 * its settings filled in for a demonstration). A bare `demo/` may be the product's own demo mode.
 */
const EXAMPLE_FOLDER = /(?:^|\/)(?:[\w.-]*[._-])?(?:examples?|samples?)(?:[._-][\w.-]+)?\/|(?:^|\/)_examples\/|(?:^|\/)(?:[\w.-]*[._-]demos?(?:[._-][\w.-]+)?|demos?[._-][\w.-]+)\//i;

/**
 * Key files named for a local or test machine (`localhost.key`, mkcert's `localhost+2-key.pem`,
 * `caddy.localhost.key`, `test_key.pem`, Debian's `snakeoil.key`): fixtures made for it.
 */
const LOCAL_KEY_FILE = /(?:^|[._+-])(?:localhost|snakeoil|dummy|fake|test(?:ing)?|dev(?:elopment)?|self-?signed)(?:[._+-][^/]*)?\.(?:key|pem|crt|cer)$/i;

const DOCUMENTATION_FILE = /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i;

/**
 * CI pipelines (with GitHub's composite actions under `.github/actions/`, steps the workflows
 * call) run against throwaway services of their own; dev containers, development and
 * test compose files and `.env.development`/`.env.test` (and their variants) configure a developer's machine.
 * `.env.local` is left out: it is where a developer keeps real credentials.
 */
const CI_PIPELINE_PATHS = [
  /(?:^|\/)\.github\/(?:workflows|actions)\//,
  /(?:^|\/)\.gitlab-ci\.ya?ml$/,
  /(?:^|\/)\.gitlab\/ci\//,
  /(?:^|\/)\.circleci\//,
  /(?:^|\/)\.travis\.ya?ml$/,
  /(?:^|\/)(?:\.?azure-pipelines|bitbucket-pipelines|\.?appveyor|\.drone|\.woodpecker)\.ya?ml$/,
  /(?:^|\/)\.(?:buildkite|woodpecker)\//,
];

/**
 * A CI pipeline: its jobs start service containers of their own (GitHub Actions' and GitLab's `services:`), reached
 * under their names (`postgres://ci:pw@postgres:5432`), as a Compose file's services are.
 */
export function isCiPipeline(path: string): boolean {
  return CI_PIPELINE_PATHS.some((re) => re.test(path));
}

const LOCAL_CONFIG_PATHS = [
  ...CI_PIPELINE_PATHS,
  /(?:^|\/)(?:tox|noxfile)\.(?:ini|py)$/,
  /(?:^|\/)\.devcontainer\//,
  /(?:^|\/)(?:docker-)?compose[._-](?:dev|development|test|testing|ci|e2e|local|override)\.ya?ml$/i,
  // `.env.testing`, and the test runs' variants (`.env.testing-ci`, `.env.unit-tests`, Laravel Dusk's
  // `.env.dusk.local`, which Dusk's browser tests load, and `.env.dev.docker`); otherwise a `local` suffix
  // (`.env.development.local`) holds a developer's own credentials.
  /(?:^|\/)\.env\.(?:dev|development|tests?|testing|ci|e2e|unit-tests?)(?:[.-](?!local(?:$|[.-]))[\w-]+)*$/,
  /(?:^|\/)\.env\.dusk(?:\.[\w-]+)?$/,
  // The development and test profiles of a framework's settings, read only when that profile is
  // active: Spring `application-dev.properties`, ASP.NET Core `appsettings.Development.json`,
  // Symfony `config/packages/dev/`, Rails `config/environments/development.rb`.
  /(?:^|\/)(?:application|bootstrap)-(?:dev|development|local|test|testing)\.(?:properties|ya?ml)$/,
  /(?:^|\/)appsettings\.(?:Development|Local|Test|Testing)\.json$/i,
  // The launch profiles `dotnet run` and Visual Studio start a project with on the developer's machine
  // (their environmentVariables); the file is not published with the application.
  /(?:^|\/)Properties\/launchSettings\.json$/,
  /(?:^|\/)config\/packages\/(?:dev|test)\//,
  /(?:^|\/)config\/environments\/development\.rb$/,
  // A `dev/` folder at the top of a repository holds the developers' tooling (installers,
  // certificates for localhost, API request samples); deeper, `dev` may be a product package.
  /^\.?dev\//,
];

/**
 * A framework's per-environment YAML under `config/` (Rails `config/secrets.yml`, `config/database.yml` and
 * the files `config_for` reads; Symfony's `when@dev:` blocks): its top-level keys name environments, and
 * what the development and test ones hold configures a developer's machine or the test suite.
 */
const ENVIRONMENT_KEYED_CONFIG = /(?:^|\/)config\/(?:[\w.-]+\/)*[\w.-]+\.ya?ml$/i;
const LOCAL_ENVIRONMENT_KEY = /^(?:development|dev|test|testing|when@(?:dev|test))\s*:\s*(?:&[\w-]+\s*)?(?:#.*)?$/;

export function hasEnvironmentSections(path: string): boolean {
  return ENVIRONMENT_KEYED_CONFIG.test(path);
}

/** Whether the indented line `lineNumber` (0-based) lies in a development or test block of such a file. */
export function inLocalEnvironmentSection(lines: { lineText(line: number): string }, lineNumber: number): boolean {
  if (!/^\s/.test(lines.lineText(lineNumber))) return false;
  for (let n = lineNumber - 1; n >= 0; n--) {
    const text = lines.lineText(n);
    // The block's key is the nearest line above that starts at the margin (comments and blank lines aside).
    if (!text.trim() || /^\s/.test(text) || text.startsWith('#')) continue;
    return LOCAL_ENVIRONMENT_KEY.test(text);
  }
  return false;
}

const LOCKFILE = /(?:^|\/)(?:yarn\.lock|pnpm-lock\.ya?ml|package-lock\.json|npm-shrinkwrap\.json|Gemfile\.lock|poetry\.lock|Pipfile\.lock|composer\.lock|Cargo\.lock|go\.sum|packages\.lock\.json|gradle\.lockfile|uv\.lock|mix\.lock|pubspec\.lock|Podfile\.lock)$/;

/** Locale folders (Rails `config/locales`, Laravel `lang/`) and resource bundles (`Messages_de.properties`). */
const TRANSLATION_PATHS = [
  /(?:^|\/)(?:locales?|lang|langs|i18n|l10n|translations?)\//i,
  /(?:^|\/)[\w-]*_[a-z]{2}(?:_[A-Z]{2})?\.properties$/,
  /\.(?:po|pot|xliff|xlf)$/,
];

/** The kinds of `path` (relative to the scan root, forward slashes); a file may have several. */
export function secretFileKinds(path: string): Set<SecretFileKind> {
  const kinds = new Set<SecretFileKind>();
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (isTestCode(path) || LOCAL_KEY_FILE.test(name)) kinds.add('test');
  if (EXAMPLE_FILE.test(name) || EXAMPLE_FOLDER.test(path)) kinds.add('example');
  if (DOCUMENTATION_FILE.test(name)) kinds.add('documentation');
  if (LOCAL_CONFIG_PATHS.some((re) => re.test(path))) kinds.add('local-config');
  if (LOCKFILE.test(path)) kinds.add('lockfile');
  if (TRANSLATION_PATHS.some((re) => re.test(path))) kinds.add('translation');
  return kinds;
}
