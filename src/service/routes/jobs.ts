// Reading and cancelling jobs, and the account's usage.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import {
  CancelResponse,
  DismissalBody,
  DismissalResponse,
  ErrorResponse,
  FindingParams,
  JobIdParams,
  JobQuery,
  JobResponse,
  JobsQuery,
  JobsResponse,
  UsageQuery,
  UsageResponse,
} from '../schemas.ts';
import { periodBounds, periodOf, withDismissals, type JobRecord } from '../store/store.ts';
import type { Vulnerability } from '../vulnerability.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isJobId(value: string): boolean {
  return UUID.test(value);
}

/** A job id from a path, in the form ids are stored in (UUIDs are case-insensitive; ours are lower case); undefined when it is no UUID. */
export function jobIdFrom(value: string): string | undefined {
  return UUID.test(value) ? value.toLowerCase() : undefined;
}

function jobView(job: JobRecord) {
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    repository: job.repository,
    ref: job.ref ?? (typeof job.summary?.ref === 'string' ? job.summary.ref : null),
    commit: job.commit ?? (typeof job.summary?.commit === 'string' ? job.summary.commit : null),
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    billed: job.billed,
    summary: job.summary,
    error: job.error,
  };
}

export async function cancelJob(ctx: ServiceContext, jobId: string, reason: string) {
  const result = await ctx.store.jobs.cancel(jobId, reason);
  if (result.outcome === 'cancelled') await ctx.hub.published(jobId);
  return result;
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such job.');

export function jobRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

  api.get(
    '/jobs/:jobId',
    {
      schema: {
        summary: 'Get status and results of a scan job',
        params: JobIdParams,
        querystring: JobQuery,
        response: { 200: JobResponse, ...errors },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const id = jobIdFrom(jobId);
      const job = id ? await ctx.store.jobs.getOf(request.account.id, id) : undefined;
      if (!job) throw notFound();
      const after = request.query.cursor === undefined ? 0 : Number(request.query.cursor);
      if (!Number.isInteger(after) || after < 0) {
        throw new ApiError(400, 'INVALID_REQUEST', 'querystring.cursor: is not a cursor of this job', 'querystring.cursor');
      }
      const limit = request.query.limit;
      const events = await ctx.store.events.list(job.id, after, limit + 1, 'vulnerability');
      const page = events.slice(0, limit);
      const nextCursor = events.length > limit ? String(page[page.length - 1].seq) : null;
      return {
        success: true as const,
        data: {
          ...jobView(job),
          ...(job.kind === 'github' ? { scanId: job.id } : {}),
          findings: withDismissals(
            page.map((e) => e.data as Vulnerability),
            await ctx.store.dismissals.of(job.accountId, job.repository),
          ),
          nextCursor,
        },
      };
    },
  );

  /** The job and the finding it reported, or 404. */
  const findingOf = async (accountId: string, jobId: string, findingId: string) => {
    const id = jobIdFrom(jobId);
    const job = id ? await ctx.store.jobs.getOf(accountId, id) : undefined;
    if (!job) throw notFound();
    const reported = (await ctx.store.events.list(job.id, 0, 1_000_000, 'vulnerability')).some((e) => e.data.id === findingId);
    if (!reported) throw new ApiError(404, 'NOT_FOUND', 'This job reported no such finding.');
    return job;
  };

  api.put(
    '/jobs/:jobId/findings/:findingId/dismissal',
    {
      schema: {
        summary: "Dismiss a finding (false positive, accepted risk, won't fix); later scans of the repository keep it dismissed",
        params: FindingParams,
        body: DismissalBody,
        response: { 200: DismissalResponse, ...errors },
      },
    },
    async (request) => {
      const { jobId, findingId } = request.params;
      const job = await findingOf(request.account.id, jobId, findingId);
      const dismissal = await ctx.store.dismissals.set(job.accountId, job.repository, findingId, {
        ...request.body,
        by: `key:${request.apiKeyId}`,
      });
      return { success: true as const, data: { findingId, repository: job.repository, dismissal } };
    },
  );

  api.delete(
    '/jobs/:jobId/findings/:findingId/dismissal',
    {
      schema: {
        summary: 'Reopen a dismissed finding',
        params: FindingParams,
        response: { 200: DismissalResponse, ...errors },
      },
    },
    async (request) => {
      const { jobId, findingId } = request.params;
      const job = await findingOf(request.account.id, jobId, findingId);
      if (!(await ctx.store.dismissals.remove(job.accountId, job.repository, findingId))) {
        throw new ApiError(404, 'NOT_FOUND', 'The finding is not dismissed.');
      }
      return { success: true as const, data: { findingId, repository: job.repository, dismissal: null } };
    },
  );

  api.get(
    '/jobs',
    {
      schema: { summary: "The caller's jobs, newest first", querystring: JobsQuery, response: { 200: JobsResponse, ...errors } },
    },
    async (request) => {
      let before: { createdAt: string; id: string } | undefined;
      if (request.query.cursor) {
        try {
          const decoded = JSON.parse(Buffer.from(request.query.cursor, 'base64url').toString('utf8'));
          if (typeof decoded?.createdAt !== 'string' || typeof decoded?.id !== 'string') throw new Error('bad cursor');
          before = { createdAt: decoded.createdAt, id: decoded.id };
        } catch {
          throw new ApiError(400, 'INVALID_REQUEST', 'querystring.cursor: is not a cursor of this list', 'querystring.cursor');
        }
      }
      const limit = request.query.limit;
      const jobs = await ctx.store.jobs.list(request.account.id, { status: request.query.status, limit: limit + 1, before });
      const page = jobs.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        jobs.length > limit && last
          ? Buffer.from(JSON.stringify({ createdAt: last.createdAt, id: last.id })).toString('base64url')
          : null;
      return { success: true as const, data: { jobs: page.map(jobView), nextCursor } };
    },
  );

  api.post(
    '/jobs/:jobId/cancel',
    {
      schema: {
        summary: 'Cancel a queued or running job',
        params: JobIdParams,
        response: { 200: CancelResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const id = jobIdFrom(jobId);
      const job = id ? await ctx.store.jobs.getOf(request.account.id, id) : undefined;
      if (!job) throw notFound();
      const result = await cancelJob(ctx, job.id, 'The scan was cancelled on request.');
      if (result.outcome === 'missing') throw notFound();
      if (result.outcome === 'terminal') {
        const current = await ctx.store.jobs.get(job.id);
        throw new ApiError(409, 'JOB_ALREADY_FINISHED', `The job has already ended (${current?.status ?? job.status}).`);
      }
      return { success: true as const, data: { jobId: job.id, status: 'cancelled' as const } };
    },
  );

  api.get(
    '/usage',
    {
      schema: {
        summary: "A period's plan, limits and usage (this month by default), with its usage records a page at a time",
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errors },
      },
    },
    async (request) => {
      const { account, plan } = request;
      const period = request.query.period ?? periodOf(new Date().toISOString());
      let before: { recordedAt: string; jobId: string } | undefined;
      if (request.query.cursor) {
        try {
          const decoded = JSON.parse(Buffer.from(request.query.cursor, 'base64url').toString('utf8'));
          if (typeof decoded?.recordedAt !== 'string' || typeof decoded?.jobId !== 'string' || decoded?.period !== period) throw new Error('bad cursor');
          before = { recordedAt: decoded.recordedAt, jobId: decoded.jobId };
        } catch {
          throw new ApiError(400, 'INVALID_REQUEST', 'querystring.cursor: is not a cursor of this period\'s usage records', 'querystring.cursor');
        }
      }
      const limit = request.query.limit;
      const usage = await ctx.store.usage.totals(account.id, period);
      const found = await ctx.store.usage.recent(account.id, period, limit + 1, before);
      const records = found.slice(0, limit);
      const last = records[records.length - 1];
      const nextCursor =
        found.length > limit && last ? Buffer.from(JSON.stringify({ period, recordedAt: last.recordedAt, jobId: last.jobId })).toString('base64url') : null;
      return {
        success: true as const,
        data: {
          account: { id: account.id, name: account.name },
          plan: account.plan,
          limits: plan,
          period: { id: period, ...periodBounds(period) },
          scans: {
            billed: usage.billedScans,
            unbilled: usage.unbilledScans,
            active: usage.scansCounted - usage.billedScans,
            remaining: Math.max(0, plan.scansPerPeriod - usage.scansCounted),
          },
          filesScanned: usage.filesScanned,
          linesScanned: usage.linesScanned,
          records,
          nextCursor,
        },
      };
    },
  );
}
