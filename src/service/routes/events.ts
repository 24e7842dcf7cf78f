// GET /github/:scanId/events and GET /commit/:jobId/events: the SSE streams.
// Each event is `id: <seq>` + `data: <json>` + blank line. The backlog is
// replayed from the store (after Last-Event-ID when given), then live events
// follow; `connected` opens every stream and is not numbered, so a resumed
// stream continues its sequence.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context.ts';
import { TERMINAL_EVENT_TYPES } from '../events.ts';
import { ErrorResponse, JobIdParams, ScanIdParams, SseStream } from '../schemas.ts';
import type { JobKind, StoredEvent } from '../store/store.ts';
import { isJobId, jobIdFrom, cancelJob } from './jobs.ts';

const STATUS_MESSAGES: Record<string, string> = {
  queued: 'Connected; the scan is queued.',
  running: 'Connected; the scan is running.',
  completed: 'Connected; the scan has completed.',
  failed: 'Connected; the scan has failed.',
  cancelled: 'Connected; the scan was cancelled.',
};

function lastEventIdOf(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  const n = value === undefined ? 0 : Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export async function stream(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, kind: JobKind, requestedId: string) {
  // An upper-case UUID names the same job; events carry the id as it is stored.
  const id = jobIdFrom(requestedId) ?? requestedId;
  const idField = kind === 'github' ? 'scanId' : 'jobId';
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const write = (type: string, data: Record<string, unknown>, seq?: number, at = new Date().toISOString()) => {
    const envelope = { type, [idField]: id, data, timestamp: at };
    raw.write(`${seq !== undefined ? `id: ${seq}\n` : ''}data: ${JSON.stringify(envelope)}\n\n`);
  };

  // A store that cannot answer (database restarting) ends the stream without an event: clients reconnect.
  const job = isJobId(id)
    ? await ctx.store.jobs.getOf(request.account.id, id).catch((error: unknown) => (request.log.warn({ err: String(error) }, 'event stream: the store does not answer'), null))
    : undefined;
  if (job === null) {
    raw.end();
    return;
  }
  if (!job || job.kind !== kind) {
    write('error', {
      message: `No ${kind === 'github' ? 'GitHub scan' : 'commit scan'} with id ${JSON.stringify(id.slice(0, 100))} exists for this API key.`,
      error: 'NOT_FOUND',
    });
    raw.end();
    return;
  }

  let lastSent = lastEventIdOf(request);
  let replaying = true;
  let ended = false;
  const held: StoredEvent[] = [];
  const autoCancel = kind === 'github' && job.options.autoCancel !== false;

  const finish = () => {
    if (ended) return;
    ended = true;
    raw.end();
  };
  const send = (events: StoredEvent[]) => {
    for (const event of events) {
      if (ended || event.seq <= lastSent) continue;
      lastSent = event.seq;
      write(event.type, event.data, event.seq, event.createdAt);
      if (TERMINAL_EVENT_TYPES.has(event.type)) finish();
    }
  };

  let unsubscribe: () => void;
  try {
    unsubscribe = await ctx.hub.subscribe(id, (events) => {
      if (replaying) held.push(...events);
      else send(events);
    });
  } catch (error) {
    request.log.warn({ err: String(error) }, 'event stream: could not follow the job');
    raw.end();
    return;
  }
  ctx.openStreams.add(raw);
  ctx.watchers.add(id);
  // Each keep-alive tick also reads the store directly: a stream cannot stall on a lost notification.
  let checking = false;
  const keepAlive = setInterval(() => {
    raw.write(': keep-alive\n\n');
    if (replaying || checking || ended) return;
    checking = true;
    ctx.store
      .events.list(id, lastSent, 1000)
      .then((events) => send(events))
      // The next keep-alive reads again; a store that stays away shows in the hub's log and in /health.
      .catch(() => {})
      .finally(() => (checking = false));
  }, ctx.config.keepAliveMs);
  raw.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
    ctx.openStreams.delete(raw);
    ended = true;
    ctx.watchers.remove(id, autoCancel);
  });

  try {
    const current = (await ctx.store.jobs.get(id)) ?? job;
    write('connected', {
      message: STATUS_MESSAGES[current.status] ?? 'Connected.',
      jobStatus: current.status,
      progress: current.progress,
    });
    for (;;) {
      const backlog = await ctx.store.events.list(id, lastSent, 1000);
      send(backlog);
      if (backlog.length < 1000 || ended) break;
    }
    replaying = false;
    send(held.splice(0));
    // A client resuming after the terminal event has nothing more to wait for.
    if (!ended) {
      const after = await ctx.store.jobs.get(id);
      if (after && ['completed', 'failed', 'cancelled'].includes(after.status)) {
        send(await ctx.store.events.list(id, lastSent, 1000));
        finish();
      }
    }
  } catch (error) {
    request.log.warn({ err: String(error) }, 'event stream failed');
    finish();
  }
}

export function eventRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const responses = { 200: SseStream, 401: ErrorResponse, 429: ErrorResponse };
  api.get(
    '/github/:scanId/events',
    {
      schema: {
        summary: 'SSE stream of a GitHub scan (Last-Event-ID resumes)',
        params: ScanIdParams,
        produces: ['text/event-stream'],
        response: responses,
      },
    },
    (request, reply) => stream(ctx, request, reply, 'github', request.params.scanId),
  );
  api.get(
    '/commit/:jobId/events',
    {
      schema: {
        summary: 'SSE stream of a commit scan (Last-Event-ID resumes)',
        params: JobIdParams,
        produces: ['text/event-stream'],
        response: responses,
      },
    },
    (request, reply) => stream(ctx, request, reply, 'commit', request.params.jobId),
  );
}

export async function cancelAbandoned(ctx: ServiceContext, jobId: string): Promise<void> {
  const job = await ctx.store.jobs.get(jobId);
  if (!job || job.kind !== 'github' || job.options.autoCancel === false) return;
  if (job.status !== 'queued' && job.status !== 'running') return;
  ctx.log.info({ jobId }, 'auto-cancelling a scan whose clients all left');
  await cancelJob(ctx, jobId, 'The scan was cancelled because all its event stream clients disconnected.');
}
