// A proxy in front of a loopback git host that passes every request on, except the
// pack request of chosen repositories: that one gets its headers and then waits, so a
// scan of such a repository stays running until it is cancelled.
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GitHost } from '../service/harness.ts';

export interface StallingProxy {
  url: string;
  /** Pack requests now waiting. */
  stalled(): number;
  stop(): Promise<void>;
}

export async function startStallingProxy(real: GitHost, stall: (path: string) => boolean): Promise<StallingProxy> {
  const target = new URL(real.url);
  const waiting = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (request.method === 'POST' && stall(path)) {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/x-git-upload-pack-result', 'cache-control': 'no-cache' });
      response.flushHeaders();
      waiting.add(response);
      response.on('close', () => waiting.delete(response));
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, path, method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
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
