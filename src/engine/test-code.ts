// Whether a file is test code, by the conventions of the languages' test runners:
// test directories, `_test.go`, `test_*.py`, `*.test.ts`, `*Test.java`, `*_spec.rb`, ….
// Rules marked `notInTests` (weak randomness, hashes and ciphers, disabled TLS checks,
// loose permissions, debug settings) are not reported there: test code is not deployed,
// and tests use random data, checksums, self-signed local servers, scratch directories
// and debug output freely.

const TEST_PATHS = [
  /(^|\/)(tests?|__tests__|__mocks__|spec)\//,
  /_test\.go$/,
  /(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)[^/]*Tests?\.(java|kt|cs|php)$/,
  /_(spec|test)\.rb$/,
];

/** `path`: relative to the scan root, with forward slashes. */
export function isTestCode(path: string): boolean {
  return TEST_PATHS.some((pattern) => pattern.test(path));
}
