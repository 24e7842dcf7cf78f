// POST /github and POST /commit: accept a scan, check the plan, queue it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { githubTokens } from '../runner.ts';
import {
  CommitScanBody,
  ErrorResponse,
  GithubScanBody,
  parseRepository,
  StartCommitResponse,
  StartGithubResponse,
} from '../schemas.ts';
import type { Plan } from '../config.ts';
import { LimitReachedError } from '../store/jobs.ts';
import { periodOf, type JobRecord, type NewJob } from '../store/store.ts';
import { withoutCredentials } from '../../sources/url-credentials.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

function periodLimitError(accountPlan: string, plan: Plan): ApiError {
  return new ApiError(
    403,
    'SUBSCRIPTION_LIMIT_EXCEEDED',
    `The plan "${accountPlan}" allows ${plan.scansPerPeriod} scans per month; this month's are used up.`,
  );
}

function concurrencyLimitError(accountPlan: string, plan: Plan): ApiError {
  return new ApiError(
    429,
    'RATE_LIMITED',
    `The plan "${accountPlan}" allows ${plan.concurrentScans} scans queued or running at once; wait for one to finish.`,
    undefined,
    { 'retry-after': '5' },
  );
}

/** A quick check before a request's body is worked on; `accept` checks again, atomically. */
export async function checkPlanAllowsScan(ctx: ServiceContext, request: FastifyRequest): Promise<void> {
  const { account, plan } = request;
  const usage = await ctx.store.usage.totals(account.id, periodOf(new Date().toISOString()));
  if (usage.scansCounted >= plan.scansPerPeriod) throw periodLimitError(account.plan, plan);
  const active = await ctx.store.jobs.countActive(account.id);
  if (active >= plan.concurrentScans) throw concurrencyLimitError(account.plan, plan);
}

/**
 * Creates the job and queues it as one step: the plan's limits are checked in the
 * transaction that writes the job, and a queue that can join it (pg-boss) records the
 * job there too, so no process crash or failed send leaves a job that nothing will run.
 */
export async function accept(ctx: ServiceContext, input: NewJob, beforeQueue?: (job: JobRecord) => void): Promise<JobRecord> {
  const account = await ctx.store.accounts.get(input.accountId);
  const planName = account?.plan ?? ctx.config.defaultPlan;
  const plan = ctx.config.plans[planName] ?? ctx.config.plans[ctx.config.defaultPlan];
  let queued = false;
  let attempted: string | undefined;
  let job: JobRecord;
  try {
    job = await ctx.store.jobs.create(input, {
      concurrentScans: plan.concurrentScans,
      scansPerPeriod: plan.scansPerPeriod,
      within: async (tx, created, position) => {
        attempted = created.id;
        beforeQueue?.(created);
        queued = await ctx.queue.enqueueWithin(tx, created, position);
      },
    });
  } catch (error) {
    // The job was rolled back: a token kept for its clone has no job to serve.
    if (attempted) githubTokens.delete(attempted);
    if (error instanceof LimitReachedError) {
      throw error.limit === 'scansPerPeriod' ? periodLimitError(planName, plan) : concurrencyLimitError(planName, plan);
    }
    if (error instanceof ApiError) throw error;
    ctx.log.error({ err: String(error) }, 'a scan could not be queued');
    throw new ApiError(503, 'QUEUE_UNAVAILABLE', 'The scan could not be queued; nothing was started. Try again shortly.', undefined, {
      'retry-after': '5',
    });
  }
  if (!queued) await ctx.queue.enqueue(job);
  return job;
}

export function scanRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/github',
    {
      schema: {
        summary: 'Start a scan of an entire GitHub repository',
        body: GithubScanBody,
        response: { 200: StartGithubResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const parsed = parseRepository(body.repository, ctx.config.githubUrl);
      if ('error' in parsed) {
        throw new ApiError(400, 'INVALID_REQUEST', `body.repository: ${parsed.error}`, 'body.repository');
      }
      await checkPlanAllowsScan(ctx, request);
      const job = await accept(
        ctx,
        {
          accountId: request.account.id,
          kind: 'github',
          repository: parsed.slug,
          ref: body.ref ?? null,
          commit: null,
          options: {
            history: body.history,
            paths: body.paths,
            autoCancel: body.autoCancel,
            cloneUrl: `${ctx.config.githubUrl}/${parsed.slug}.git`,
          },
        },
        (created) => {
          if (body.token) githubTokens.set(created.id, body.token);
        },
      );
      const data = {
        jobId: job.id,
        scanId: job.id,
        status: job.status,
        eventsUrl: `/api/v1/github/${job.id}/events`,
        statusUrl: `/api/v1/jobs/${job.id}`,
      };
      return { success: true as const, jobId: job.id, scanId: job.id, data };
    },
  );

  api.post(
    '/commit',
    {
      schema: {
        summary: 'Start a scan of specific files from a commit',
        body: CommitScanBody,
        response: { 200: StartCommitResponse, ...errors },
      },
    },
    async (request) => {
      const { plan } = request;
      const body = request.body;
      if (body.files.length > plan.maxCommitFiles) {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `body.files: at most ${plan.maxCommitFiles} files per scan`, 'body.files');
      }
      let bytes = 0;
      const seen = new Set<string>();
      for (const [index, file] of body.files.entries()) {
        bytes += Buffer.byteLength(file.content, 'utf8');
        if (seen.has(file.path)) {
          throw new ApiError(400, 'INVALID_REQUEST', `body.files[${index}].path: duplicate path`, `body.files[${index}].path`);
        }
        seen.add(file.path);
      }
      if (bytes > plan.maxCommitPayloadBytes) {
        throw new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `body.files: ${bytes} bytes of content; the plan allows ${plan.maxCommitPayloadBytes}`,
          'body.files',
        );
      }
      await checkPlanAllowsScan(ctx, request);
      const job = await accept(ctx, {
        accountId: request.account.id,
        kind: 'commit',
        // A label such as a remote URL may carry a token: it is stored, listed and logged without it.
        repository: withoutCredentials(body.repository),
        ref: null,
        commit: body.commit ?? null,
        options: { files: body.files.length, bytes },
        files: body.files,
      });
      const data = {
        jobId: job.id,
        status: job.status,
        eventsUrl: `/api/v1/commit/${job.id}/events`,
        statusUrl: `/api/v1/jobs/${job.id}`,
      };
      return { success: true as const, jobId: job.id, data };
    },
  );
}
