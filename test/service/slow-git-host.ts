// A git host on loopback that answers the ref advertisement (from a real git host)
// and then never sends the pack, for tests of what happens to a clone that hangs:
// for every repository, or only for those a filter picks (the others are served
// in full, so one host serves both the scan that hangs and the ones that finish).
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GitHost } from './harness.ts';

export interface SlowGitHost {
  url: string;
  /** Fetches that got their ref advertisement and are now waiting for the pack. */
  stalled(): number;
  stop(): Promise<void>;
}

/**
 * A git host that answers the ref advertisement and then never sends the pack:
 * the client's `git fetch` and its transport helper wait mid-transfer, as they do
 * on an overloaded host. `stall` picks the pack requests held back by their path
 * (`/acme/slow.git/git-upload-pack`); by default every one.
 */
export async function startSlowGitHost(real: GitHost, stall: (path: string) => boolean = () => true): Promise<SlowGitHost> {
  const target = new URL(real.url);
  const waiting = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST' && stall(request.url ?? '/')) {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/x-git-upload-pack-result', 'cache-control': 'no-cache' });
      response.flushHeaders();
      waiting.add(response);
      response.on('close', () => waiting.delete(response));
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stalled: () => waiting.size,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
