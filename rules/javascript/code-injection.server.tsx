// A Remix entry.server: React's streaming renderer on Node.
import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';

const ABORT_DELAY = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  return new Promise((resolve) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      onShellReady() {
        const body = new PassThrough();
        resolve(new Response(body as unknown as BodyInit, { status }));
        pipe(body);
      },
    });
    // Node's timers take only a function: the renderer's abort function is called, nothing is evaluated.
    // ok: CODE_INJECTION
    setTimeout(abort, ABORT_DELAY);
  });
}

export async function action({ request }: { request: Request }) {
  const form = await request.json();
  // ruleid: CODE_INJECTION
  return new Function('row', form.expression);
}
