// freePort hands out ports another process will bind later, so it cannot hold them: they come
// from below the kernel's ephemeral range (no outgoing connection is given one meanwhile) and
// are claimed per process, so test processes running side by side never get the same port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

interface Child {
  ports: Promise<number[]>;
  /** Ends the process: until then it keeps its ports, as a test process does while it runs. */
  end(): void;
}

function portsFromAnotherProcess(count: number): Child {
  const body = `import { freePort } from './test/service/harness.ts';
    const ports = []; for (let i = 0; i < ${count}; i++) ports.push(await freePort());
    process.stdout.write(JSON.stringify(ports) + '\\n');
    process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', body], { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
  const ports = new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.endsWith('\n')) resolve(JSON.parse(out) as number[]);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before answering`)));
  });
  return { ports, end: () => child.stdin.end() };
}

test('ports from processes running side by side are distinct and outside the ephemeral range', async () => {
  const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  const children = [portsFromAnotherProcess(40), portsFromAnotherProcess(40), portsFromAnotherProcess(40)];
  let all: number[];
  try {
    all = (await Promise.all(children.map((c) => c.ports))).flat();
  } finally {
    children.forEach((c) => c.end());
  }
  assert.equal(new Set(all).size, all.length, 'a port was handed out twice');
  for (const port of all) assert.ok(port < ephemeralLow, `port ${port} is in the ephemeral range (from ${ephemeralLow})`);
});
