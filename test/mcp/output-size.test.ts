// What a scan with many findings costs an agent's context: scanner_status lists
// a page of the most severe findings in a compact form (findings sent once, not
// as text and structured content both), counts the rest, and pages through all
// of them with a cursor; scanner_report stays under 60,000 characters.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { callTool, git, makeRepo, sleep, startMcp, tempDir, VULNERABLE_JS_LINE, type McpHandle } from './helpers.ts';

const FILES = 40;
const PER_FILE = 8;
/** Medium-severity finding: a permissive CORS set-up. */
const CORS_LINE = 'app.use(cors({ origin: true, credentials: true }));';

async function waitReady(mcp: McpHandle, repo: string, scanId: string) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(300)) {
    const status = await callTool(mcp.client, 'scanner_status', { repo, scan_id: scanId });
    assert.equal(status.isError, false, status.text);
    if (status.json.ready) return status;
  }
  assert.fail('scan not ready in 180 s');
}

describe('scanner mcp: answers an agent can afford', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };
  let repo: string;
  let scanId: string;
  let first: Awaited<ReturnType<typeof callTool>>;

  before(async () => {
    tmp = await tempDir('mcp-size');
    repo = tmp.dir;
    await makeRepo(repo);
    for (let i = 0; i < FILES; i++) {
      const dir = path.join(repo, 'src', `area${i % 5}`);
      await mkdir(dir, { recursive: true });
      const lines = ["const express = require('express');", "const cors = require('cors');", 'const app = express();', 'const db = require("./db");'];
      for (let j = 0; j < PER_FILE; j++) lines.push(VULNERABLE_JS_LINE.replace("'/x'", `'/r${i}_${j}'`));
      if (i % 4 === 0) lines.push(CORS_LINE);
      await writeFile(path.join(dir, `routes${i}.js`), `${lines.join('\n')}\n`);
    }
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'routes');
    mcp = await startMcp({ cwd: repo, env: { XDG_CACHE_HOME: path.join(tmp.dir, '.cache') } });
    const handle = await callTool(mcp.client, 'scanner_full_scan', { repo });
    assert.equal(handle.isError, false, handle.text);
    scanId = handle.json.scan_id;
    first = await waitReady(mcp, repo, scanId);
  });
  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('by default: the 20 most severe findings, compact, the findings once, a count of the rest and a cursor', () => {
    const all = FILES * PER_FILE + FILES / 4;
    assert.equal(first.json.total_findings, all);
    assert.equal(first.json.findings.length, 20);
    assert.equal(first.json.counts.medium, FILES / 4);
    assert.equal(first.json.counts.critical + first.json.counts.high, FILES * PER_FILE);
    assert.equal(first.json.scan_id, scanId);
    assert.equal(typeof first.json.next_cursor, 'string');
    assert.match(first.json.next_hint, new RegExp(`Listed 1–20 of ${all}`));
    assert.match(first.json.next_hint, /cursor: "/);
    for (const f of first.json.findings) {
      assert.ok(['critical', 'high'].includes(f.severity), 'most severe first');
      assert.equal(f.trace, undefined, 'compact: no trace');
      assert.equal(f.snippet, undefined, 'compact: no snippet');
      assert.ok(f.remediation.length > 0);
    }
    // Sent once: the text carries one line per finding, not a second copy of the JSON.
    assert.doesNotMatch(first.text, /"remediation"/);
    assert.equal(first.text.match(/^- \[(critical|high)\] SQL_INJECTION /gm)?.length, 20);
    assert.ok(first.bytes < 32 * 1024, `default answer: ${first.bytes} bytes`);
  });

  it('the cursor pages through every finding exactly once', async () => {
    const seen = new Set<string>(first.json.findings.map((f: any) => f.id));
    let cursor: string | undefined = first.json.next_cursor;
    let pages = 1;
    while (cursor) {
      const page = await callTool(mcp.client, 'scanner_status', { repo, cursor, limit: 100 });
      assert.equal(page.isError, false, page.text);
      for (const f of page.json.findings) {
        assert.ok(!seen.has(f.id), `${f.id} listed twice`);
        seen.add(f.id);
      }
      cursor = page.json.next_cursor;
      pages++;
    }
    assert.equal(seen.size, first.json.total_findings);
    assert.equal(pages, 1 + Math.ceil((first.json.total_findings - 20) / 100));
  });

  it('severity is a minimum; detail full adds traces', async () => {
    const medium = await callTool(mcp.client, 'scanner_status', { repo, scan_id: scanId, severity: 'medium', limit: 200 });
    assert.equal(medium.json.total_findings, first.json.total_findings);
    const high = await callTool(mcp.client, 'scanner_status', { repo, scan_id: scanId, severity: 'high', limit: 5, detail: 'full' });
    assert.equal(high.json.total_findings, FILES * PER_FILE);
    assert.ok(high.json.findings[0].trace.length > 0);
    assert.ok(high.json.findings[0].snippet.length > 0);
    assert.match(high.json.next_hint, /at or above high/);
  });

  it('a cursor continues its own scan even with latest: true after a newer scan', async () => {
    const newer = await callTool(mcp.client, 'scanner_scan_diff', { repo });
    assert.notEqual(newer.json.scan_id, scanId);
    const page = await callTool(mcp.client, 'scanner_status', { repo, latest: true, cursor: first.json.next_cursor });
    assert.equal(page.json.scan_id, scanId);
    assert.match(page.json.next_hint, /Listed 21–40 of/);
  });

  it('a cursor of another scan is refused', async () => {
    const answer = await callTool(mcp.client, 'scanner_status', { repo, scan_id: 'another-scan', cursor: first.json.next_cursor });
    assert.equal(answer.isError, true);
    assert.match(answer.json.error, /cursor belongs to scan/);
  });

  it('the report groups by rule and file and stays under 60,000 characters', async () => {
    const report = await callTool(mcp.client, 'scanner_report', { repo, scan_id: scanId });
    assert.equal(report.isError, false, report.text);
    const markdown: string = report.json.report;
    assert.ok(markdown.length < 60_000, `${markdown.length} characters`);
    assert.match(markdown, /## Findings by rule/);
    assert.match(markdown, /### .*\((critical|high)\): 320 findings in 40 files/);
    assert.match(markdown, /… 15 more files/);
    assert.match(markdown, /CORS/);
  });
});
