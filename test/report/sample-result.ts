// A hand-made scan result covering every shape a report must render: a taint
// finding with a cross-file trace, a structural finding, a history secret, a
// path that needs URI escaping, warnings and skipped files.
import type { Finding, ScanResult } from '../../src/engine/types.ts';

export function taintFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'vuln_3f2a9c1d0e4b5a6c',
    fingerprint: '3f2a9c1d0e4b5a6c7d8e9f0a1b2c3d4e',
    ruleId: 'js-sql-injection',
    type: 'SQL_INJECTION',
    cwe: [89],
    severity: 'critical',
    confidence: 'high',
    title: 'SQL injection',
    message: 'Untrusted data from req.query.id reaches an SQL query built by string concatenation.',
    file: 'src/routes/users.js',
    line: 14,
    column: 3,
    endLine: 14,
    endColumn: 52,
    snippet: '  db.query("SELECT * FROM users WHERE id = " + id);',
    remediation: 'Use a parameterised query: db.query("… WHERE id = ?", [id]).',
    references: ['https://cwe.mitre.org/data/definitions/89.html', 'https://owasp.org/Top10/A03_2021-Injection/'],
    trace: [
      { kind: 'source', file: 'src/routes/users.js', line: 12, column: 14, label: 'req.query.id' },
      { kind: 'step', file: 'src/lib/sql.js', line: 3, column: 10, label: 'buildFilter(id)' },
      { kind: 'sink', file: 'src/routes/users.js', line: 14, column: 3, label: 'db.query()' },
    ],
    ...overrides,
  };
}

export function structuralFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'vuln_aa11bb22cc33dd44',
    fingerprint: 'aa11bb22cc33dd44ee55ff6677889900',
    ruleId: 'py.weak-hash-md5',
    type: 'WEAK_HASH',
    cwe: [328],
    severity: 'medium',
    confidence: 'medium',
    title: 'Weak hash for a password',
    message: 'MD5 is used to hash a password | token with `backticks`.',
    file: 'app dir/auth #1/hash.py',
    line: 7,
    column: 12,
    endLine: 7,
    endColumn: 40,
    snippet: 'digest = hashlib.md5(password).hexdigest()',
    remediation: 'Use a password hash such as argon2, scrypt or bcrypt.',
    references: ['https://cwe.mitre.org/data/definitions/328.html'],
    ...overrides,
  };
}

export function historySecret(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'vuln_5e5e5e5e5e5e5e5e',
    fingerprint: '5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e',
    ruleId: 'secret.aws-access-key',
    type: 'HARDCODED_SECRET',
    cwe: [798],
    severity: 'high',
    confidence: 'high',
    title: 'AWS access key',
    message: 'An AWS access key id is committed to the repository.',
    file: 'config/deploy.env',
    line: 2,
    column: 19,
    endLine: 2,
    endColumn: 39,
    snippet: 'AWS_ACCESS_KEY_ID=AKIA************',
    remediation: 'Revoke the key, then remove it from the history.',
    references: [],
    commit: '0123456789abcdef0123456789abcdef01234567',
    author: 'Dev Example <dev@example.com>',
    date: '2026-01-02T03:04:05Z',
    presentAtHead: false,
    provider: 'aws-access-key',
    ...overrides,
  };
}

export function sampleResult(findings: Finding[] = [taintFinding(), structuralFinding(), historySecret()]): ScanResult {
  return {
    findings,
    summary: {
      filesScanned: 3,
      linesScanned: 120,
      languages: { javascript: 2, python: 1 },
      skipped: [{ path: 'vendor/lib.min.js', reason: 'minified' }],
      warnings: [{ file: 'src/broken.js', message: 'syntax error at line 3; analysed as far as it parsed' }],
      partiallyParsed: 1,
      findingsBySeverity: { critical: 1, high: 1, medium: 1, low: 0 },
      suppressed: 0,
      testFindingsHidden: 0,
      cachedFiles: 0,
      durationMs: 42,
      rulesVersion: 'test-rules-1',
    },
  };
}
