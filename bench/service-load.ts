// Load benchmark of the scan service on loopback (embedded SQLite store):
//   1. GET /jobs/:jobId throughput and p99 latency (autocannon),
//   2. 1,000 concurrent SSE clients on one job, each checked to receive every event,
//   3. 200 concurrent POST /commit with small payloads, then all 200 scans to completion,
// and the server's peak memory (VmHWM of the server process).
// Run: node --import tsx bench/service-load.ts [--duration 10] [--sse 1000] [--commits 200]
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'scanner.js');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const SSE_CLIENTS = arg('sse', 1000);
const COMMITS = arg('commits', 200);

const SAMPLE_JS = `const db = require('./db');
module.exports = (req, res) => db.query("SELECT * FROM t WHERE id = '" + req.query.id + "'");
`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function peakMemoryMiB(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'scanner-bench-'));
  const config = path.join(dir, 'config.json');
  const plan = {
    scansPerPeriod: 1_000_000,
    concurrentScans: 10_000,
    requestsPerMinute: 10_000_000,
    maxRepoBytes: 1e9,
    maxCommitPayloadBytes: 5e6,
    maxCommitFiles: 5000,
  };
  writeFileSync(config, JSON.stringify({ plans: { free: plan } }));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api/v1`;
  const env = { ...process.env, SCANNER_CONFIG: config, SCANNER_LOG_LEVEL: 'warn', SCANNER_SCAN_CONCURRENCY: '1' };
  const server = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--data-dir', dataDir], { env, stdio: 'ignore' });
  const results: Record<string, unknown> = {};
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${api}/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const key = JSON.parse(execFileSync(process.execPath, [BIN, 'keys', 'create', '--name', 'bench', '--json', '--data-dir', dataDir], { env }).toString()).key as string;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const post = async (files: { path: string; content: string }[]) => {
      const r = await fetch(`${api}/commit`, { method: 'POST', headers, body: JSON.stringify({ repository: 'bench/app', files }) });
      return (await r.json()) as { jobId: string };
    };
    const waitDone = async (jobId: string) => {
      for (;;) {
        const job = (await (await fetch(`${api}/jobs/${jobId}?limit=1`, { headers })).json()) as { data: { status: string } };
        if (['completed', 'failed', 'cancelled'].includes(job.data.status)) return job.data.status;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // 1. GET /jobs/:jobId
    const { jobId } = await post([{ path: 'a.js', content: SAMPLE_JS }]);
    await waitDone(jobId);
    const get = await autocannon({ url: `${api}/jobs/${jobId}`, headers, connections: 50, duration: DURATION });
    results.getJob = {
      connections: 50,
      durationS: DURATION,
      requestsPerSecond: Math.round(get.requests.average),
      latencyP50Ms: get.latency.p50,
      latencyP99Ms: get.latency.p99,
      requests: get.requests.total,
      non2xx: get.non2xx,
      errors: get.errors,
    };
    console.log('GET /jobs/:jobId', results.getJob);

    // 2. 1,000 SSE clients on one job: big scans hold the only runner so the watched job is still queued when they connect.
    const blockers: { jobId: string }[] = [];
    for (let b = 0; b < 6; b++) {
      blockers.push(await post(Array.from({ length: 40 }, (_, i) => ({ path: `m${i}/r.js`, content: SAMPLE_JS.repeat(120) }))));
    }
    const watched = await post(Array.from({ length: 20 }, (_, i) => ({ path: `w${i}/r.js`, content: SAMPLE_JS.repeat(5) })));
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    let connected = 0;
    const started = Date.now();
    const streams = Array.from({ length: SSE_CLIENTS }, () =>
      new Promise<{ ids: number[]; terminal: string | null }>((resolve, reject) => {
        const req = request(`${api}/commit/${watched.jobId}/events`, { headers: { 'x-api-key': key }, agent }, (res) => {
          let buffer = '';
          const ids: number[] = [];
          let terminal: string | null = null;
          let counted = false;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const id = /^id: (\d+)$/m.exec(block);
              const data = /^data: (.*)$/m.exec(block);
              if (!data) continue;
              const type = JSON.parse(data[1]).type as string;
              if (type === 'connected' && !counted) {
                counted = true;
                connected++;
              }
              if (id) ids.push(Number(id[1]));
              if (type === 'completed' || type === 'failed') terminal = type;
            }
          });
          res.on('end', () => resolve({ ids, terminal }));
        });
        req.on('error', reject);
        req.end();
      }),
    );
    while (connected < SSE_CLIENTS && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 20));
    const connectMs = Date.now() - started;
    const statusWhenAllConnected = (await (await fetch(`${api}/jobs/${watched.jobId}?limit=1`, { headers })).json()).data.status;
    const outcomes = await Promise.all(streams);
    const reference = outcomes[0].ids.join(',');
    const complete = outcomes.filter((o) => o.terminal === 'completed' && o.ids.join(',') === reference).length;
    results.sse = {
      clients: SSE_CLIENTS,
      allConnectedAfterMs: connectMs,
      jobStatusWhenAllConnected: statusWhenAllConnected,
      eventsPerClient: outcomes[0].ids.length,
      clientsWithEveryEvent: complete,
      totalMs: Date.now() - started,
    };
    console.log('SSE', results.sse);
    for (const blocker of blockers) await waitDone(blocker.jobId);
    agent.destroy();

    // 3. 200 concurrent POST /commit with small payloads.
    const body = JSON.stringify({ repository: 'bench/app', files: [{ path: 'a.js', content: SAMPLE_JS }] });
    const accepted: string[] = [];
    const postStart = Date.now();
    const burst = await autocannon({
      url: `${api}/commit`,
      method: 'POST',
      headers,
      body,
      connections: COMMITS,
      amount: COMMITS,
      setupClient: (client) => client.on('body', (b: Buffer) => accepted.push(JSON.parse(b.toString()).jobId)),
    } as autocannon.Options);
    const acceptMs = Date.now() - postStart;
    const statuses = await Promise.all(accepted.filter(Boolean).map(waitDone));
    results.commitBurst = {
      concurrent: COMMITS,
      acceptedMs: acceptMs,
      latencyP99Ms: burst.latency.p99,
      non2xx: burst.non2xx,
      errors: burst.errors,
      accepted: accepted.filter(Boolean).length,
      completed: statuses.filter((s) => s === 'completed').length,
      allScannedAfterMs: Date.now() - postStart,
    };
    console.log('POST /commit burst', results.commitBurst);
    results.serverMemoryMiB = peakMemoryMiB(server.pid!);
    console.log('server memory (MiB)', results.serverMemoryMiB);
    console.log(JSON.stringify(results));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
