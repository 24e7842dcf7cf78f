// Small pure parts of the MCP server: polling backoff, estimates, GitHub host matching.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { estimateFullScanMs, estimateTreeMs, pollAfterMs, readTimings, recordTimings, timingsFile } from '../../src/mcp/timing.ts';
import { cloneableOrigin } from '../../src/mcp/remote.ts';
import { groupedMarkdownReport } from '../../src/mcp/report.ts';
import { findingsPage } from '../../src/mcp/pages.ts';
import { answerText } from '../../src/mcp/server.ts';
import { DEFAULT_STATUS_LIMIT } from '../../src/mcp/schemas.ts';
import type { ScanRecord } from '../../src/mcp/client-state.ts';
import type { Finding, Severity } from '../../src/engine/types.ts';

describe('polling backoff (spec section 8)', () => {
  it('first poll after 5 s, then doubling up to 30 s', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 10].map((n) => pollAfterMs(n)), [5000, 10000, 20000, 30000, 30000, 30000]);
  });
  it('never sooner than 5 s, even when the scan should be about done', () => {
    assert.equal(pollAfterMs(3, 200), 5000);
    assert.equal(pollAfterMs(3, 12_000), 12_000);
  });
  it('a scan past its estimate backs off to 30 s instead of polling every 5 s', () => {
    const overdue = [0, 1, 2, 3, 4, 20, 126].map((n) => pollAfterMs(n, -50_000));
    assert.deepEqual(overdue, [5000, 10000, 20000, 30000, 30000, 30000, 30000]);
  });
});

describe('scan estimates from this machine\'s throughput', () => {
  it('more files and bytes, longer estimate', () => {
    assert.ok(estimateTreeMs({ files: 2000, bytes: 10_000_000 }) > estimateTreeMs({ files: 10, bytes: 10_000 }));
  });
  it('calibrated: a machine three times slower than the model gets estimates three times longer', () => {
    const size = { files: 1000, bytes: 5_000_000 };
    const model = estimateTreeMs(size);
    const earlier = [1, 2, 4].map((k) => ({ size: { files: 800 * k, bytes: 4_000_000 * k }, cachedFiles: 0, durationMs: 3 * estimateTreeMs({ files: 800 * k, bytes: 4_000_000 * k }) }));
    assert.ok(Math.abs(estimateTreeMs(size, earlier) / model - 3) < 0.05);
    // Scans answered from the result cache calibrate cached estimates only.
    const cached = earlier.map((t) => ({ ...t, cachedFiles: t.size.files, durationMs: 10 }));
    assert.equal(estimateTreeMs(size, cached), model);
    // A one-file diff is mostly start-up: it calibrates nothing.
    const tiny = [{ size: { files: 1, bytes: 300 }, cachedFiles: 0, durationMs: 100 }];
    assert.equal(estimateTreeMs(size, tiny), model);
  });
  it('a full scan: the sum of the parts by the model, the longer part once this machine measured both; a repository scanned before is estimated as cached', () => {
    const tree = { files: 2000, bytes: 15_000_000 };
    const none = { tree: [], history: [], repos: {} };
    assert.deepEqual(estimateFullScanMs('/r', tree, 60_000, none), { etaMs: estimateTreeMs(tree) + 60_000, treeMs: estimateTreeMs(tree), historyMs: 60_000 });
    const measured = {
      tree: [{ size: tree, cachedFiles: 0, durationMs: estimateTreeMs(tree) }],
      history: [{ size: { commits: 10_000, newCommits: 10_000, packBytes: 1 }, durationMs: 60_000 }],
      repos: { '/r': { files: 2000, treeMs: 20_000, cachedFiles: 0, at: '2026-01-01T00:00:00Z' } },
    };
    assert.equal(estimateFullScanMs('/other', tree, 60_000, measured).etaMs, 60_000);
    const again = estimateFullScanMs('/r', tree, 1_000, measured);
    assert.equal(again.treeMs, estimateTreeMs(tree, [], true));
    assert.ok(again.treeMs < estimateTreeMs(tree) / 5, `re-scan of the tree: ${again.treeMs} ms`);
  });
  it('timings are recorded and read back, the latest twenty of each kind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'scanner-timings-'));
    try {
      const file = path.join(dir, 'scanner', 'timings.json');
      for (let i = 0; i < 25; i++) {
        await recordTimings(
          { repo: `/repo${i % 3}`, tree: { size: { files: i + 1, bytes: 100 }, cachedFiles: 0, durationMs: i }, history: { size: { commits: i, newCommits: i, packBytes: 1 }, durationMs: i } },
          file,
        );
      }
      const timings = await readTimings(file);
      assert.equal(timings.tree.length, 20);
      assert.equal(timings.history.length, 20);
      assert.equal(timings.tree.at(-1)!.durationMs, 24);
      assert.deepEqual(Object.keys(timings.repos).sort(), ['/repo0', '/repo1', '/repo2']);
      assert.equal(timingsFile({ XDG_CACHE_HOME: dir }), file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cloneableOrigin: what a full scan asks the service to clone', () => {
  it('an http(s) origin as it is, without credentials', () => {
    assert.deepEqual(cloneableOrigin('https://github.com/acme/app.git'), { url: 'https://github.com/acme/app.git' });
    assert.deepEqual(cloneableOrigin('https://gitlab.example.com/group/sub/app'), { url: 'https://gitlab.example.com/group/sub/app' });
    assert.deepEqual(cloneableOrigin('https://ci:ghp_notARealToken0000@git.example.com/acme/app.git'), { url: 'https://git.example.com/acme/app.git' });
    assert.deepEqual(cloneableOrigin('http://127.0.0.1:9418/git/acme/app.git'), { url: 'http://127.0.0.1:9418/git/acme/app.git' });
  });
  it('an ssh origin as it is, with the same repository over https in case the service has no deploy key', () => {
    assert.deepEqual(cloneableOrigin('git@github.com:acme/app.git'), { url: 'git@github.com:acme/app.git', https: 'https://github.com/acme/app.git' });
    assert.deepEqual(cloneableOrigin('ssh://git@gitlab.example.com:2222/group/app.git'), {
      url: 'ssh://git@gitlab.example.com:2222/group/app.git',
      https: 'https://gitlab.example.com/group/app.git',
    });
    assert.deepEqual(cloneableOrigin('bitbucket.org:team/app.git'), { url: 'bitbucket.org:team/app.git', https: 'https://bitbucket.org/team/app.git' });
  });
  it('nothing for a local path or a file URL', () => {
    assert.equal(cloneableOrigin('/srv/git/app'), undefined);
    assert.equal(cloneableOrigin('../app.git'), undefined);
    assert.equal(cloneableOrigin('file:///srv/git/app.git'), undefined);
    assert.equal(cloneableOrigin('C:/repos/app'), undefined);
  });
});

describe('scanner_report markdown within its budget', () => {
  const finding = (rule: number, file: number, line: number, severity: Severity): Finding => ({
    id: `vuln_${rule}_${file}_${line}`,
    fingerprint: `fp_${rule}_${file}_${line}`,
    ruleId: `js.rule-${rule}`,
    type: `TYPE_${rule}`,
    cwe: [79],
    severity,
    confidence: 'high',
    title: `Problem number ${rule}`,
    message: `Untrusted data reaches sink ${rule}; an attacker can do harm.`,
    file: `src/module${file}/file${rule}.js`,
    line,
    column: 3,
    endLine: line,
    endColumn: 20,
    snippet: `sink${rule}(req.query.value${line});`,
    remediation: 'Validate the value against an allow-list before it reaches the sink, or use the safe API. '.repeat(2),
    references: ['https://cwe.mitre.org/data/definitions/79.html', 'https://owasp.org/www-community/attacks/xss/'],
  });
  const severities: Severity[] = ['critical', 'high', 'medium', 'low'];
  const findings: Finding[] = [];
  for (let rule = 0; rule < 160; rule++) {
    for (let file = 0; file < 40; file++) for (let line = 1; line <= 3; line++) findings.push(finding(rule, file, line * 10, severities[rule % 4]));
  }
  const summary = {
    filesScanned: 6400, linesScanned: 900_000, languages: { javascript: 6400 }, skipped: [], warnings: [], partiallyParsed: 0,
    findingsBySeverity: { critical: 0, high: 0, medium: 0, low: 0 }, suppressed: 0, testFindingsHidden: 0, cachedFiles: 0, durationMs: 1000, rulesVersion: '',
  };

  it('19,200 findings of 160 rules: under 60,000 characters, the most severe rules in full, the tail collapsed and counted', () => {
    const report = groupedMarkdownReport({ findings, summary }, { target: 'big', moreHint: 'scanner_status pages through every finding.' });
    assert.ok(report.length < 60_000, `${report.length} characters`);
    assert.match(report, /\*\*19200 findings\*\* of 160 rules in 6400 files/);
    const full = report.match(/^### /gm)?.length ?? 0;
    assert.ok(full >= 5, `${full} rules in full`);
    assert.match(report, /^### Problem number 0 \(critical\): 120 findings in 40 files/m);
    assert.match(report, /\| … 15 more files \| \|/);
    assert.match(report, /<details>\n<summary>\d+ more rules, \d+ findings \(collapsed to fit\)<\/summary>/);
    assert.match(report, /This report shows \d+ rules in full and \d+ rules \(\d+ findings\) collapsed above, to stay under 60,000 characters\./);
    assert.match(report, /scanner_status pages through every finding\._$/m);
    // Every rule is accounted for: in full, in a collapsed row, or counted.
    const rows = report.match(/^\| `js\.rule-\d+` \|/gm)?.length ?? 0;
    const counted = Number(/\| … (\d+) more rules \|/.exec(report)?.[1] ?? 0);
    assert.equal(full + rows + counted, 160);
  });

  it('a small scan is reported whole, with nothing collapsed', () => {
    const report = groupedMarkdownReport({ findings: findings.slice(0, 6), summary }, { target: 'small' });
    assert.doesNotMatch(report, /<details>|collapsed/);
    assert.match(report, /Remediation/);
  });
});

describe('scanner_status default answer, worst case', () => {
  it('20 findings with the longest messages, remediations and paths of the rules stay under 32 KB with text and structured content', () => {
    const long = (n: number, c: string) => c.repeat(n);
    const findings: Finding[] = Array.from({ length: 60 }, (_, i) => ({
      id: `vuln_${'a'.repeat(24)}${i}`,
      fingerprint: `fp${i}`,
      ruleId: `javascript.some-long-rule-name-${i}`,
      type: 'SERVER_SIDE_REQUEST_FORGERY',
      cwe: [918, 20],
      severity: 'critical',
      confidence: 'high',
      title: long(80, 't'),
      message: long(300, 'm'),
      file: `${long(140, 'd')}/file${i}.ts`,
      line: 12345,
      column: 67,
      endLine: 12346,
      endColumn: 80,
      snippet: long(400, 's'),
      remediation: long(300, 'r'),
      references: ['https://cwe.mitre.org/data/definitions/918.html'],
      trace: [{ kind: 'source', file: 'a.ts', line: 1, column: 1, label: long(100, 'l') }],
      commit: 'c'.repeat(40),
    }));
    const record = { scan_id: 'scan', findings } as unknown as ScanRecord;
    const page = findingsPage(record, { limit: DEFAULT_STATUS_LIMIT, detail: 'compact', offset: 0 });
    const result = {
      ready: true,
      scan_id: 'scan',
      findings: page.findings,
      next_hint: long(900, 'h'),
      total_findings: page.total,
      counts: { critical: 60, high: 0, medium: 0, low: 0 },
      next_cursor: page.nextCursor,
    };
    const bytes = Buffer.byteLength(JSON.stringify({ content: [{ type: 'text', text: answerText(result) }], structuredContent: result }));
    assert.ok(bytes < 32 * 1024 && bytes > 20_000, `${bytes} bytes`);
  });
});
