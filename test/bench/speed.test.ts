// A smoke run of the speed benchmark on a tiny JS/TS set, so the script keeps
// working: it must time the scanner twice, the ESLint set and ast-grep (all
// devDependencies) and print the ratios.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('bench/speed.ts measures the scanner, its cache, ESLint and ast-grep on one small set', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'scanner-speed-'));
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'bench', 'speed.ts'), '--datasets', 'jsts', '--lines', '1000', '--jobs', '1', '--out', out, '--json'],
      { cwd: REPO, encoding: 'utf8', timeout: 300_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    const [row] = report.rows;
    assert.equal(row.dataset, 'jsts');
    assert.ok(row.lines >= 1000 && row.files >= 1, JSON.stringify(row));
    assert.ok(row.scanner.seconds > 0 && row.secondScan.seconds > 0);
    // The reports' own times: the second scan, answered from the cache, takes less of its own time.
    assert.ok(row.scanner.reportedMs > 0 && row.secondScan.reportedMs < row.scanner.reportedMs, JSON.stringify(row));
    assert.ok(row.scannerLines > 0, 'the scanner reported the lines it scanned');
    assert.ok(report.nodeStart.seconds > 0 && report.nodeStart.seconds < row.scanner.seconds, 'Node\'s own start is timed in the same run');
    assert.match(row.competitor.tool, /^ESLint/);
    assert.ok(row.competitor.seconds > 0);
    assert.ok(row.astGrep.seconds > 0);
    assert.doesNotMatch(report.missing.join('\n'), /ESLint|ast-grep/, 'both come with the devDependencies');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
