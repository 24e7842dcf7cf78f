// POST /github, POST /git and POST /commit: accept a scan, check the plan, queue it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { cloneUrlFor, isGithubKind, matchRepositoryUrl, type GitHost, type HostedRepository } from '../git-hosts.ts';
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

/** POST /git: the body of POST /github, with the repository as a full URL on any configured host. */
export const GitScanBody = GithubScanBody.extend({
  repository: z
    .string()
    .min(1)
    .max(2048)
    .describe(
      'the repository\'s full URL on a configured git host: https://gitlab.example.com/group/project(.git), ' +
        'http://… on a host with allowHttp, ssh://git@host/owner/name.git or git@host:owner/name.git on a host with a deploy key',
    ),
}).describe('Start a scan of a whole repository on any configured git host (GitHub, GitHub Enterprise, GitLab, Gitea/Forgejo, Bitbucket)');

function invalidRepository(message: string): ApiError {
  return new ApiError(400, 'INVALID_REQUEST', `body.repository: ${message}`, 'body.repository');
}

/**
 * How a repository is named in jobs (and so in triage, which is kept per repository):
 * "owner/name" on the GitHub host that "owner/name" means, as POST /github always did;
 * its web address on any other host.
 */
function repositoryLabel(ctx: ServiceContext, hosted: HostedRepository): string {
  return isGithubKind(hosted.host.kind) && hosted.host.url === ctx.config.githubUrl ? hosted.path : hosted.webUrl;
}

/** A repository given as a URL (https://…, ssh://…, git@host:path) rather than "owner/name". */
export function isRepositoryUrl(repository: string): boolean {
  const candidate = repository.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(candidate) || /^[^/@\s]+@[^/:\s]+:/.test(candidate);
}

/** "owner/name" on the first GitHub host (the host POST /github's "owner/name" means). */
function ownerNameOnGithub(ctx: ServiceContext, repository: string, noGithub: string): HostedRepository | { error: string } {
  const primary = ctx.config.hosts.find((host) => isGithubKind(host.kind));
  if (!primary) return { error: noGithub };
  const parsed = parseRepository(repository, primary.url);
  if ('error' in parsed) return parsed;
  return { host: primary, path: parsed.slug, cloneUrl: cloneUrlFor(primary, parsed.slug), webUrl: `${primary.url}/${parsed.slug}` };
}

/** A full repository URL under one of `hosts`; on a GitHub host it names owner/name, never groups. */
function repositoryAtUrl(repository: string, hosts: GitHost[]): HostedRepository | { error: string } {
  const hosted = matchRepositoryUrl(repository, hosts);
  if ('error' in hosted || !isGithubKind(hosted.host.kind)) return hosted;
  const parsed = parseRepository(hosted.path, hosted.host.url);
  return 'error' in parsed ? parsed : hosted;
}

/** POST /github's repository: "owner/name" on the first GitHub host, or a URL on any GitHub host. */
function githubRepository(ctx: ServiceContext, repository: string): HostedRepository {
  const hosted = isRepositoryUrl(repository)
    ? repositoryAtUrl(repository, ctx.config.hosts.filter((host) => isGithubKind(host.kind)))
    : ownerNameOnGithub(ctx, repository, 'no GitHub host is configured on this service; scan it with POST /git and its full URL');
  if ('error' in hosted) throw invalidRepository(hosted.error.replace('a configured git host', 'a configured GitHub host'));
  return hosted;
}

/**
 * A repository as a person types it (the dashboard's scan form): a full URL on any
 * configured host, as POST /git takes it, or "owner/name" on the default GitHub host, as
 * POST /github takes it.
 */
export function repositoryOnAnyHost(ctx: ServiceContext, repository: string): HostedRepository | { error: string } {
  return isRepositoryUrl(repository)
    ? repositoryAtUrl(repository, ctx.config.hosts)
    : ownerNameOnGithub(ctx, repository, 'no GitHub host is configured on this service: give the repository\'s full URL');
}

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

/** What a clone-and-scan is asked to do (the options of POST /github and POST /git). */
export interface RepositoryScanRequest {
  ref?: string | null;
  history: boolean;
  paths: string[];
  autoCancel: boolean;
  /** For a private repository; kept in memory for the clone, never stored. */
  token?: string;
}

/**
 * Accepts a clone-and-scan of a repository matched to its host (POST /github, POST /git and
 * the dashboard's scan form), once the caller has checked the plan.
 */
export async function acceptRepositoryScan(ctx: ServiceContext, accountId: string, hosted: HostedRepository, body: RepositoryScanRequest): Promise<JobRecord> {
  return accept(
    ctx,
    {
      accountId,
      kind: 'github',
      repository: repositoryLabel(ctx, hosted),
      ref: body.ref ?? null,
      commit: null,
      options: {
        history: body.history,
        paths: body.paths,
        autoCancel: body.autoCancel,
        // No credentials: the host's token or key is looked up when the scan runs.
        cloneUrl: hosted.cloneUrl,
      },
    },
    (created) => {
      if (body.token) githubTokens.set(created.id, body.token);
    },
  );
}

async function startRepositoryScan(ctx: ServiceContext, request: FastifyRequest, body: z.infer<typeof GithubScanBody>, hosted: HostedRepository) {
  await checkPlanAllowsScan(ctx, request);
  const job = await acceptRepositoryScan(ctx, request.account.id, hosted, body);
  const data = {
    jobId: job.id,
    scanId: job.id,
    status: job.status,
    eventsUrl: `/api/v1/github/${job.id}/events`,
    statusUrl: `/api/v1/jobs/${job.id}`,
  };
  return { success: true as const, jobId: job.id, scanId: job.id, data };
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
    async (request) => startRepositoryScan(ctx, request, request.body, githubRepository(ctx, request.body.repository)),
  );

  api.post(
    '/git',
    {
      schema: {
        summary: 'Start a scan of a whole repository on any configured git host, given its full URL',
        description:
          'The repository must live under one of the git hosts the service is configured with (GitHub, GitHub Enterprise, GitLab, Gitea/Forgejo, Bitbucket); ' +
          'any other URL is a 400 naming body.repository. The scan is followed like a GitHub scan: GET /github/{scanId}/events and GET /jobs/{jobId}.',
        body: GitScanBody,
        response: { 200: StartGithubResponse, ...errors },
      },
    },
    async (request) => {
      const hosted = repositoryAtUrl(request.body.repository, ctx.config.hosts);
      if ('error' in hosted) throw invalidRepository(hosted.error);
      return startRepositoryScan(ctx, request, request.body, hosted);
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
