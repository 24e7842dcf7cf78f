// The tool surface of `scanner mcp` as an agent sees it, and every bad input
// answered as a tool error (never a crash of the server).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { callTool, makeRepo, startMcp, tempDir, type McpHandle } from './helpers.ts';

const TOOL_NAMES = [
  'scanner_full_scan',
  'scanner_report',
  'scanner_scan_diff',
  'scanner_security_assistant',
  'scanner_security_assistant_results',
  'scanner_security_assistant_stop',
  'scanner_status',
];

describe('scanner mcp: tools and errors', () => {
  let mcp: McpHandle;
  let tmp: { dir: string; cleanup(): Promise<void> };
  let repo: string;
  let plainDir: string;

  before(async () => {
    tmp = await tempDir('mcp-tools');
    repo = path.join(tmp.dir, 'repo');
    plainDir = path.join(tmp.dir, 'plain');
    await mkdir(repo);
    await mkdir(plainDir);
    await makeRepo(repo);
    await writeFile(path.join(tmp.dir, 'file.txt'), 'not a directory');
    mcp = await startMcp({ cwd: repo });
  });

  after(async () => {
    await mcp?.close();
    await tmp?.cleanup();
  });

  it('lists exactly the seven tools, each with input and output schemas and annotations; the flow is said once, in the instructions', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`);
      assert.doesNotMatch(tool.description ?? '', /Recommended flow/, tool.name);
      assert.equal(typeof tool.annotations?.readOnlyHint, 'boolean', `${tool.name} has annotations`);
      assert.equal(tool.annotations?.destructiveHint, false, tool.name);
      assert.equal(tool.annotations?.openWorldHint, false, tool.name);
    }
    assert.equal(tools.find((t) => t.name === 'scanner_status')!.annotations!.readOnlyHint, true);
    const instructions = mcp.client.getInstructions() ?? '';
    assert.equal(instructions.match(/Recommended flow/g)?.length, 1);
    const descriptions = tools.map((t) => t.description ?? '').join('');
    assert.ok(descriptions.length < 3000, `tool descriptions: ${descriptions.length} characters`);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const props = (name: string) => byName[name].inputSchema.properties as Record<string, any>;
    assert.equal(props('scanner_scan_diff').repo.default, '.');
    assert.equal(props('scanner_scan_diff').since.default, 'HEAD');
    assert.equal(props('scanner_scan_diff').paths.type, 'array');
    assert.equal(props('scanner_full_scan').repo.default, '.');
    assert.deepEqual(Object.keys(props('scanner_status')).sort(), ['cursor', 'detail', 'latest', 'limit', 'repo', 'scan_id', 'severity']);
    assert.deepEqual(props('scanner_status').severity.enum, ['critical', 'high', 'medium', 'low']);
    assert.equal(props('scanner_status').latest.type, 'boolean');
    assert.deepEqual(byName.scanner_report.inputSchema.required?.sort(), ['repo', 'scan_id']);
    assert.deepEqual(byName.scanner_security_assistant.inputSchema.required, ['path']);
    assert.deepEqual(Object.keys(props('scanner_security_assistant_results')).sort(), ['session', 'wait']);
    assert.equal(props('scanner_security_assistant_results').wait.type, 'number');
    assert.deepEqual(byName.scanner_security_assistant_stop.inputSchema.required, ['session']);
    const diffOut = byName.scanner_scan_diff.outputSchema!.properties as Record<string, any>;
    assert.deepEqual(Object.keys(diffOut).sort(), ['eta_ms', 'findings', 'next_cursor', 'next_hint', 'queued', 'ready', 'scan_id', 'summary', 'total_findings']);
    assert.deepEqual(byName.scanner_scan_diff.outputSchema!.required?.sort(), ['eta_ms', 'next_hint', 'queued', 'scan_id', 'summary']);
    assert.deepEqual(diffOut.summary.properties.mode, { type: 'string', const: 'diff' });
    const statusOut = byName.scanner_status.outputSchema!.properties as Record<string, any>;
    const finding = statusOut.findings.items;
    for (const field of ['id', 'severity', 'path', 'range', 'description', 'type', 'cwe', 'remediation']) {
      assert.ok(finding.required.includes(field), `finding.${field} is required`);
    }
    assert.deepEqual(finding.properties.severity.enum, ['critical', 'high', 'medium', 'low']);
  });

  it('status latest on a repository never scanned says there is no scan (not a clean result)', async () => {
    const answer = await callTool(mcp.client, 'scanner_status', { repo: '.', latest: true });
    assert.equal(answer.isError, false);
    assert.equal(answer.json.ready, true);
    assert.equal(answer.json.scanned, false);
    assert.deepEqual(answer.json.findings, []);
    assert.match(answer.json.next_hint, /no scan of .* yet, so nothing is known/);
    assert.match(answer.json.next_hint, /scanner_scan_diff/);
  });

  const badInputs: [string, string, () => Record<string, unknown>, RegExp][] = [
    ['scan_diff: repo does not exist', 'scanner_scan_diff', () => ({ repo: path.join(tmp.dir, 'missing') }), /does not exist/],
    ['scan_diff: repo is a file', 'scanner_scan_diff', () => ({ repo: path.join(tmp.dir, 'file.txt') }), /not a directory/],
    ['scan_diff: repo is not git', 'scanner_scan_diff', () => ({ repo: plainDir }), /not a git repository/],
    ['scan_diff: unknown since ref', 'scanner_scan_diff', () => ({ repo, since: 'no-such-branch' }), /since "no-such-branch" is not a commit or ref/],
    ['scan_diff: option-like since', 'scanner_scan_diff', () => ({ repo, since: '--output=/tmp/x' }), /not a valid commit or ref/],
    ['full_scan: repo is not git', 'scanner_full_scan', () => ({ repo: plainDir }), /not a git repository/],
    ['status: unknown scan_id', 'scanner_status', () => ({ repo, scan_id: 'does-not-exist' }), /Unknown scan_id "does-not-exist"/],
    ['status: path-like scan_id', 'scanner_status', () => ({ repo, scan_id: '../../etc/passwd' }), /Unknown scan_id/],
    ['status: repo does not exist', 'scanner_status', () => ({ repo: path.join(tmp.dir, 'missing'), latest: true }), /does not exist/],
    ['report: unknown scan_id', 'scanner_report', () => ({ repo, scan_id: 'nope' }), /Unknown scan_id "nope".*scanner_status \{repo, latest: true\}/],
    ['status: a cursor it never gave', 'scanner_status', () => ({ repo, cursor: 'not-a-cursor' }), /cursor is not one this server gave/],
    ['status: limit out of range', 'scanner_status', () => ({ repo, limit: 0 }), /Invalid arguments.*limit/],
    ['status: unknown severity', 'scanner_status', () => ({ repo, severity: 'urgent' }), /Invalid arguments.*severity/],
    ['assistant: path does not exist', 'scanner_security_assistant', () => ({ path: path.join(tmp.dir, 'missing') }), /path ".*missing" does not exist/],
    ['assistant: path is a file', 'scanner_security_assistant', () => ({ path: path.join(tmp.dir, 'file.txt') }), /not a directory/],
    ['results: unknown session', 'scanner_security_assistant_results', () => ({ session: 'nope' }), /Unknown session "nope".*scanner_security_assistant/],
    ['stop: unknown session', 'scanner_security_assistant_stop', () => ({ session: 'nope' }), /Unknown session "nope"/],
    ['results: missing session', 'scanner_security_assistant_results', () => ({}), /Invalid arguments.*session/],
    ['results: negative wait', 'scanner_security_assistant_results', () => ({ session: 'x', wait: -1 }), /Invalid arguments.*wait/],
    ['status: repo missing', 'scanner_status', () => ({ latest: true }), /Invalid arguments.*repo/],
    ['scan_diff: paths not an array', 'scanner_scan_diff', () => ({ paths: 'src/**' }), /Invalid arguments.*paths/],
  ];
  for (const [label, tool, args, message] of badInputs) {
    it(`tool error: ${label}`, async () => {
      const answer = await callTool(mcp.client, tool, args());
      assert.equal(answer.isError, true);
      assert.equal(answer.structured, undefined);
      assert.equal(typeof answer.json.error, 'string');
      assert.match(answer.json.error, message);
    });
  }

  it('SCANNER_DEBUG=1 logs to stderr while stdout stays protocol only', async () => {
    const debugged = await startMcp({ cwd: repo, env: { SCANNER_DEBUG: '1' } });
    try {
      // The SDK client parses every stdout line as JSON-RPC: a stray log line there would break this call.
      const answer = await callTool(debugged.client, 'scanner_status', { repo, latest: true });
      assert.equal(answer.isError, false);
      assert.match(debugged.stderr(), /scanner MCP server ready \(local mode/);
      assert.match(debugged.stderr(), /scanner_status answered in \d+ ms/);
    } finally {
      await debugged.close();
    }
    assert.equal(mcp.stderr(), '', 'without SCANNER_DEBUG the server is silent');
  });

  it('still serves after all the bad inputs', async () => {
    const { tools } = await mcp.client.listTools();
    assert.equal(tools.length, 7);
  });

  it('scan_diff with no changes answers at once with nothing queued and a ready status', async () => {
    const handle = await callTool(mcp.client, 'scanner_scan_diff', { repo });
    assert.equal(handle.isError, false, JSON.stringify(handle.json));
    assert.deepEqual(handle.structured, handle.json);
    assert.equal(handle.json.queued, false);
    assert.deepEqual(handle.json.summary, { files_considered: 0, mode: 'diff' });
    assert.match(handle.json.next_hint, /nothing to scan/);
    const status = await callTool(mcp.client, 'scanner_status', { repo, scan_id: handle.json.scan_id });
    assert.equal(status.json.ready, true);
    assert.deepEqual(status.json.findings, []);
  });
});
