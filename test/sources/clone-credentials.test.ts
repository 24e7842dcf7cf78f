// A token reaches the git host, and no command line: while git fetches from a loopback
// server that holds the request open, every process of the fetch's process group is
// read from /proc, and neither the token nor its basic-auth form is in any argv.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { cloneRepository, CloneError } from '../../src/sources/clone.ts';

const TOKEN = 'glpat-fakeTokenOnlyForThisTest-0123456789';

/** The command lines of the processes in process group `pgid`. */
function commandLines(pgid: number): string[] {
  const lines: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group; the name in field 2 may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // The process ended while it was read.
    }
  }
  return lines;
}

test('clone: the token is sent to the host as a header and is on no command line', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const headers: (string | undefined)[] = [];
  let requestArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
  // Holds every request open: git and its remote helper stay alive to be looked at.
  const server = createServer((request) => {
    headers.push(request.headers.authorization);
    requestArrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const abort = new AbortController();
  const groups: number[] = [];
  try {
    const clone = cloneRepository(`${base}/group/project.git`, {
      allowedBaseUrl: base,
      allowHttp: true,
      token: TOKEN,
      tokenUser: 'oauth2',
      signal: abort.signal,
      onProcessGroup: (pgid, running) => running && groups.push(pgid),
    });
    const failed = clone.then(
      () => assert.fail('the clone of a server that never answers succeeded'),
      (error: unknown) => error,
    );
    await arrived;
    const basic = Buffer.from(`oauth2:${TOKEN}`).toString('base64');
    assert.equal(headers[0], `Basic ${basic}`, 'the token reached the host');
    assert.equal(groups.length, 1);
    const argv = commandLines(groups[0]);
    assert.ok(argv.some((line) => line.includes('git') && line.includes('fetch')), `git fetch is running: ${argv.join('\n')}`);
    assert.ok(argv.some((line) => line.includes('remote-http')), `its http helper is running: ${argv.join('\n')}`);
    for (const line of argv) {
      assert.ok(!line.includes(TOKEN) && !line.includes(basic), `a command line carries the token: ${line}`);
    }
    abort.abort();
    const error = await failed;
    assert.ok(error instanceof CloneError);
    assert.ok(!error.message.includes(TOKEN) && !error.message.includes(basic));
  } finally {
    abort.abort();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
