// What a project declares it depends on, read from its dependency manifests. Some protections come
// with a dependency rather than with code the analysis can see (Spring Security's request firewall).
import path from 'node:path';

/** Files that declare a project's dependencies, by base name. */
const MANIFEST =
  /^(pom\.xml|build\.gradle(\.kts)?|libs\.versions\.toml|package\.json|requirements[\w.-]*\.txt|pyproject\.toml|setup\.(py|cfg)|Pipfile|Gemfile|composer\.json|go\.mod|[\w.-]+\.csproj|Directory\.Packages\.props|packages\.config)$/;

/**
 * Framework configuration that says which of the framework's protections are on, read as a manifest: Rails'
 * `config/application.rb` (`config.load_defaults 7.0` turns on `raise_on_open_redirects`) and its initializers,
 * where libraries are set up for the whole application (`Oj.default_options = { mode: :strict }`), and Laravel's
 * `config/logging.php`, whose channel levels say which log calls are written at all.
 */
const FRAMEWORK_CONFIG = /(?:^|\/)config\/((application|initializers\/[\w.-]+)\.rb|logging\.php)$/;

export function isManifest(file: string): boolean {
  return MANIFEST.test(path.posix.basename(file)) || FRAMEWORK_CONFIG.test(file.replace(/\\/g, '/'));
}

/** Answers "does a manifest of this scan match …", once per pattern, and remembers which manifests it read. */
export class Manifests {
  private manifestFiles?: string[];
  private readonly answers = new Map<string, boolean>();

  constructor(
    private readonly paths: () => Iterable<string>,
    private readonly text: (file: string) => string | undefined,
  ) {}

  /** The manifests of the scan: a finding decided by them depends on all of them (one may add the dependency). */
  files(): string[] {
    return (this.manifestFiles ??= [...this.paths()].filter(isManifest).sort());
  }

  uses(pattern: RegExp): boolean {
    let answer = this.answers.get(pattern.source);
    if (answer === undefined) {
      answer = this.files().some((file) => pattern.test(this.text(file) ?? ''));
      this.answers.set(pattern.source, answer);
    }
    return answer;
  }
}
