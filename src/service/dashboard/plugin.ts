// The web dashboard: sign-in with a session cookie, and JSON endpoints under
// /dashboard/api for the signed-in user's account. Never accepts API keys.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import fastifyCsrfProtection from '@fastify/csrf-protection';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toJson, toMarkdown, toSarif } from '../../report/index.ts';
import type { Finding, ScanResult } from '../../engine/index.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, errorBody, handleError } from '../errors.ts';
import { stream } from '../routes/events.ts';
import { FREE_FAILURES, LOCKOUT_BASE_MS, parse, sha256 } from './requests.ts';
import { isGithubKind } from '../git-hosts.ts';
import { sourceLinks } from './source-links.ts';
import { userRoutes } from './users.ts';
import { cancelJob, jobIdFrom } from '../routes/jobs.ts';
import { acceptRepositoryScan, checkPlanAllowsScan, repositoryOnAnyHost } from '../routes/scans.ts';
import { RefName } from '../schemas.ts';
import { verifyPassword } from '../secrets.ts';
import { DISMISSAL_STATUSES, JOB_STATUSES, periodOf, withDismissals, type Dismissal, type JobRecord, type Role } from '../store/store.ts';

const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const COOKIE = 'scanner_session';
const SESSION_MS = 12 * 60 * 60 * 1000;
const PAGES = ['/', '/keys', '/scans', '/usage', '/users', '/account'];

/**
 * The session cookie: unsigned, because its value is 32 random bytes that the server
 * looks up by hash (a changed value is simply no session), so a signing key would add
 * a secret every API node must share and nothing else. Secure whenever the request came
 * over https.
 */
const SESSION_COOKIE: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' };

interface Session {
  tokenHash: string;
  userId: string;
  accountId: string;
  email: string;
  /** The session's CSRF secret: tokens are made from it and checked against it, and it never leaves the server. */
  csrfSecret: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    dashboardSession?: Session;
    /**
     * Where @fastify/csrf-protection's session mode keeps the CSRF secret (`_csrf`):
     * filled from the server-side session row, so tokens are bound to that session.
     */
    session?: { _csrf?: string } | null;
  }
}

/** The finding shape the report renderers take, from the stored Vulnerability events. */
function resultOf(job: JobRecord, vulnerabilities: Record<string, unknown>[]): ScanResult {
  const findings = vulnerabilities.map((v) => ({ fingerprint: String(v.id), ...v }) as unknown as Finding);
  const summary = (job.summary ?? {}) as Record<string, unknown>;
  const bySeverity = { critical: 0, high: 0, medium: 0, low: 0, info: 0 } as Record<string, number>;
  for (const f of findings) bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
  return {
    findings,
    summary: {
      filesScanned: Number(summary.filesScanned ?? 0),
      linesScanned: Number(summary.linesScanned ?? 0),
      languages: (summary.languages as Record<string, number>) ?? {},
      skipped: [],
      warnings: [],
      partiallyParsed: 0,
      findingsBySeverity: bySeverity as ScanResult['summary']['findingsBySeverity'],
      suppressed: 0,
      testFindingsHidden: Number(summary.testFindingsHidden ?? 0),
      cachedFiles: 0,
      durationMs: Number(summary.durationMs ?? 0),
      rulesVersion: String(summary.rulesVersion ?? ''),
    },
  };
}

const DISMISSAL_LABELS: Record<string, string> = { false_positive: 'false positive', accepted_risk: 'accepted risk', wont_fix: "won't fix" };

/** Dismissed findings as SARIF suppressions (kind external: decided outside the code), as code-scanning tools read them. */
function withSuppressions<T extends { runs: { results?: { properties?: Record<string, unknown>; suppressions?: unknown[] }[] }[] }>(
  sarif: T,
  findings: { id: string; dismissal: Dismissal | null }[],
): T {
  const dismissed = new Map(findings.filter((f) => f.dismissal).map((f) => [f.id, f.dismissal!]));
  for (const result of sarif.runs.flatMap((run) => run.results ?? [])) {
    const dismissal = dismissed.get(String(result.properties?.id));
    if (!dismissal) continue;
    result.suppressions = [
      {
        kind: 'external',
        status: 'accepted',
        justification: `${DISMISSAL_LABELS[dismissal.status] ?? dismissal.status}: ${dismissal.reason}`,
        properties: { status: dismissal.status, by: dismissal.by, at: dismissal.at },
      },
    ];
  }
  return sarif;
}

function scanView(job: JobRecord, findings?: number) {
  const started = job.startedAt ?? job.createdAt;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    repository: job.repository,
    ref: job.ref,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    durationMs: job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(started) : null,
    findingsBySeverity: (job.summary?.findingsBySeverity as Record<string, number> | undefined) ?? null,
    findings: findings ?? null,
    billed: job.billed,
    error: job.error,
  };
}

const SignIn = z.strictObject({ email: z.string().min(1).max(320), password: z.string().min(1).max(1000) });
const NewKey = z.strictObject({ name: z.string().trim().min(1).max(100) });
const NewScan = z.strictObject({ repository: z.string().trim().min(1).max(2048), ref: z.union([z.literal(''), RefName]).optional() });
const DismissalInput = z.strictObject({ status: z.enum(DISMISSAL_STATUSES), reason: z.string().trim().min(1).max(2000) });
const ScansQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  repository: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  before: z.string().max(300).optional(),
});

/** The scans list's paging cursor: the last scan of a page, to continue after it. */
function scansCursor(job: JobRecord): string {
  return Buffer.from(JSON.stringify({ createdAt: job.createdAt, id: job.id })).toString('base64url');
}

function fromScansCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof decoded?.createdAt === 'string' && typeof decoded?.id === 'string') return { createdAt: decoded.createdAt, id: decoded.id };
  } catch {
    // answered below
  }
  throw new ApiError(400, 'INVALID_REQUEST', 'before: is not a cursor of this list');
}

export async function dashboardPlugin(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const built = existsSync(path.join(WEB_DIST, 'index.html'));
  const indexHtml = () =>
    built ? readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : '<!doctype html><title>Scanner</title><p>The dashboard is not built: run <code>npm run build:web</code>.</p>';
  if (existsSync(path.join(WEB_DIST, 'assets'))) {
    await app.register(fastifyStatic, { root: path.join(WEB_DIST, 'assets'), prefix: '/assets/', immutable: true, maxAge: '1y' });
  }

  // Cookies are parsed and written by @fastify/cookie, for the pages and the API below.
  await app.register(fastifyCookie);

  async function loadSession(request: FastifyRequest): Promise<Session | undefined> {
    const token = request.cookies[COOKIE];
    if (!token || token.length > 100) return undefined;
    const tokenHash = sha256(token);
    const found = await ctx.store.sessions.get(tokenHash);
    return found && { tokenHash, ...found };
  }

  const sendPage = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(indexHtml());

  // Pages: the same single-page app; without a session each one sends the browser to sign in.
  for (const page of [...PAGES, '/scans/:id']) {
    app.get(page, async (request, reply) => {
      if (!(await loadSession(request))) {
        const next = encodeURIComponent(request.url);
        return reply.redirect(`/signin?next=${next}`, 303);
      }
      return sendPage(reply);
    });
  }
  app.get('/signin', async (_request, reply) => sendPage(reply));

  await app.register(
    async (api) => {
      // The synchronizer-token pattern of @fastify/csrf-protection's session mode: the secret
      // lives in the server-side session (see `request.session`), a token is a salted hash of
      // it (new at sign-in and at every GET /session) and the x-csrf-token header must carry
      // one for every request that changes something. Another session's token does not match.
      api.decorateRequest('session', null);
      await api.register(fastifyCsrfProtection, {
        sessionPlugin: '@fastify/session',
        // Only the header: a cross-site form can send a body field, never a header.
        getToken: (request) => {
          const header = request.headers['x-csrf-token'];
          return Array.isArray(header) ? header[0] : header;
        },
      });
      api.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
          return reply.code(403).send(errorBody('CSRF', 'Missing or wrong CSRF token.'));
        }
        return handleError(error, request, reply);
      });

      api.addHook('onRequest', async (request) => {
        if (request.routeOptions.url === '/dashboard/api/signin') {
          // No session yet: a cross-site form cannot send JSON, and a browser names the page's origin.
          const site = request.headers['sec-fetch-site'];
          if (site && site !== 'same-origin') throw new ApiError(403, 'CSRF', 'Cross-site sign-in refused.');
          return;
        }
        const session = await loadSession(request);
        if (!session) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in first.');
        const account = await ctx.store.accounts.get(session.accountId);
        if (!account) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in first.');
        request.dashboardSession = session;
        request.session = { _csrf: session.csrfSecret };
        request.account = account;
        request.plan = ctx.config.plans[account.plan] ?? ctx.config.plans[ctx.config.defaultPlan];
      });
      // After the session hook: a request without a session is a 401 before any CSRF check.
      api.addHook('onRequest', (request, reply, done) => {
        const safe = ['GET', 'HEAD', 'OPTIONS'].includes(request.method);
        if (safe || request.routeOptions.url === '/dashboard/api/signin') return done();
        api.csrfProtection(request, reply, done);
      });
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      api.post('/signin', async (request, reply) => {
        const { email, password } = parse(SignIn, request.body);
        const attemptKey = sha256(`${email.toLowerCase()}|${request.ip}`);
        const attempts = await ctx.store.signins.attempts(attemptKey);
        if (attempts?.lockedUntil && Date.parse(attempts.lockedUntil) > Date.now()) {
          const seconds = Math.ceil((Date.parse(attempts.lockedUntil) - Date.now()) / 1000);
          reply.header('retry-after', String(seconds));
          throw new ApiError(429, 'RATE_LIMITED', `Too many failed sign-ins; try again in ${seconds} s.`);
        }
        const user = await ctx.store.users.findByEmail(email);
        // Unknown emails cost the same scrypt work, so timing does not tell which emails exist.
        const ok = await verifyPassword(password, user?.passwordHash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
        if (!user || !ok) {
          const failures = (attempts?.failures ?? 0) + 1;
          const over = failures - FREE_FAILURES;
          const lockedUntil = over >= 0 ? new Date(Date.now() + LOCKOUT_BASE_MS * 2 ** Math.min(over, 10)).toISOString() : null;
          await ctx.store.signins.recordFailure(attemptKey, failures, lockedUntil);
          request.log.warn({ failures }, 'dashboard sign-in failed');
          throw new ApiError(401, 'UNAUTHORIZED', 'Wrong email or password.');
        }
        await ctx.store.signins.clear(attemptKey);
        if (user.disabled) throw new ApiError(403, 'USER_DISABLED', 'This user is disabled; an admin of the account can enable it again.');
        const token = randomBytes(32).toString('base64url');
        // A new session: @fastify/csrf-protection makes its secret (kept with the session) and the first token.
        request.session = {};
        const csrfToken = reply.generateCsrf();
        await ctx.store.sessions.create({
          tokenHash: sha256(token),
          userId: user.id,
          accountId: user.accountId,
          csrfSecret: request.session._csrf!,
          expiresAt: new Date(Date.now() + SESSION_MS).toISOString(),
        });
        reply.setCookie(COOKIE, token, { ...SESSION_COOKIE, maxAge: SESSION_MS / 1000 });
        return { email: user.email, csrfToken };
      });

      api.post('/signout', async (request, reply) => {
        await ctx.store.sessions.delete(request.dashboardSession!.tokenHash);
        reply.clearCookie(COOKIE, SESSION_COOKIE);
        return { ok: true };
      });

      api.get('/session', async (request, reply) => {
        const account = request.account;
        const session = request.dashboardSession!;
        return { email: session.email, role: session.role, csrfToken: reply.generateCsrf(), account: { name: account.name, plan: account.plan } };
      });

      // Every user sees the account's keys; a member may revoke only the keys they created.
      api.get('/keys', async (request) => {
        const session = request.dashboardSession!;
        const keys = await ctx.store.keys.list(request.account.id);
        return {
          keys: keys.map(({ id, name, prefix, createdAt, lastUsedAt, revokedAt, createdBy }) => ({
            id,
            name,
            prefix,
            createdAt,
            lastUsedAt,
            revokedAt,
            mine: createdBy === session.userId,
            canRevoke: !revokedAt && (session.role === 'admin' || createdBy === session.userId),
          })),
        };
      });

      api.post('/keys', async (request) => {
        const { name } = parse(NewKey, request.body);
        const { info, key } = await ctx.store.keys.create(request.account.id, name, request.dashboardSession!.userId);
        return { id: info.id, name: info.name, prefix: info.prefix, createdAt: info.createdAt, key };
      });

      api.delete<{ Params: { id: string } }>('/keys/:id', async (request) => {
        const session = request.dashboardSession!;
        const owned = (await ctx.store.keys.list(request.account.id)).find((k) => k.id === request.params.id);
        if (!owned) throw new ApiError(404, 'NOT_FOUND', 'No such key.');
        if (session.role !== 'admin' && owned.createdBy !== session.userId) {
          throw new ApiError(403, 'FORBIDDEN', 'Only an admin may revoke a key another user created.');
        }
        await ctx.store.keys.revoke(owned.id);
        request.log.info({ keyId: owned.id, by: session.userId }, 'API key revoked from the dashboard');
        return { ok: true };
      });

      userRoutes(api, ctx);

      api.get('/scans', async (request) => {
        const query = parse(ScansQuery, request.query);
        const jobs = await ctx.store.jobs.list(request.account.id, {
          status: query.status,
          repository: query.repository || undefined,
          limit: query.limit + 1,
          before: query.before ? fromScansCursor(query.before) : undefined,
        });
        const page = jobs.slice(0, query.limit);
        // Older scans are a page further: `before` is the last scan of this one.
        return { scans: page.map((job) => scanView(job)), nextCursor: jobs.length > query.limit ? scansCursor(page[page.length - 1]) : null };
      });

      // The git hosts the scan form accepts (never their tokens or keys): its hint names them.
      api.get('/hosts', async () => ({
        github: ctx.config.hosts.find((host) => isGithubKind(host.kind))?.url ?? null,
        hosts: ctx.config.hosts.map((host) => ({ kind: host.kind, url: host.url })),
      }));

      api.post('/scans', async (request) => {
        const body = parse(NewScan, request.body);
        // A full URL on any configured host, as POST /git takes it; "owner/name" on the default GitHub host.
        const hosted = repositoryOnAnyHost(ctx, body.repository);
        if ('error' in hosted) throw new ApiError(400, 'INVALID_REQUEST', `repository: ${hosted.error}`);
        await checkPlanAllowsScan(ctx, request);
        // The page may be closed while the scan runs: leaving it must not cancel the scan.
        const job = await acceptRepositoryScan(ctx, request.account.id, hosted, { ref: body.ref || null, history: true, paths: [], autoCancel: false });
        return { id: job.id };
      });

      const ownJob = async (request: FastifyRequest<{ Params: { id: string } }>) => {
        const id = jobIdFrom(request.params.id);
        const job = id ? await ctx.store.jobs.getOf(request.account.id, id) : undefined;
        if (!job) throw new ApiError(404, 'NOT_FOUND', 'No such scan.');
        return job;
      };
      const findingsOf = async (job: JobRecord) =>
        withDismissals(
          (await ctx.store.events.list(job.id, 0, 100_000, 'vulnerability')).map((e) => e.data as { id: string }),
          await ctx.store.dismissals.of(job.accountId, job.repository),
        );
      const reportedFinding = async (request: FastifyRequest<{ Params: { id: string; findingId: string } }>) => {
        const job = await ownJob(request);
        if (!(await findingsOf(job)).some((f) => f.id === request.params.findingId)) throw new ApiError(404, 'NOT_FOUND', 'This scan reported no such finding.');
        return job;
      };

      // Triage is open to every user of the account: admins and members alike.
      api.put<{ Params: { id: string; findingId: string } }>('/scans/:id/findings/:findingId/dismissal', async (request) => {
        const job = await reportedFinding(request);
        const input = parse(DismissalInput, request.body);
        const dismissal = await ctx.store.dismissals.set(job.accountId, job.repository, request.params.findingId, {
          ...input,
          by: request.dashboardSession!.email,
        });
        return { findingId: request.params.findingId, dismissal };
      });

      api.delete<{ Params: { id: string; findingId: string } }>('/scans/:id/findings/:findingId/dismissal', async (request) => {
        const job = await reportedFinding(request);
        if (!(await ctx.store.dismissals.remove(job.accountId, job.repository, request.params.findingId))) {
          throw new ApiError(404, 'NOT_FOUND', 'The finding is not dismissed.');
        }
        return { findingId: request.params.findingId, dismissal: null };
      });

      api.get<{ Params: { id: string } }>('/scans/:id', async (request) => {
        const job = await ownJob(request);
        const findings = await findingsOf(job);
        const at = sourceLinks(job, ctx.config.hosts, ctx.config.githubUrl);
        return { scan: scanView(job, findings.length), findings: at ? findings.map((f) => ({ ...f, url: at(f as Record<string, unknown>) })) : findings };
      });

      api.post<{ Params: { id: string } }>('/scans/:id/cancel', async (request) => {
        const job = await ownJob(request);
        const result = await cancelJob(ctx, job.id, `The scan was cancelled from the dashboard by ${request.dashboardSession!.email}.`);
        if (result.outcome === 'terminal') throw new ApiError(409, 'JOB_ALREADY_FINISHED', 'The scan has already ended.');
        if (result.outcome === 'missing') throw new ApiError(404, 'NOT_FOUND', 'No such scan.');
        return { id: job.id, status: 'cancelled' };
      });

      api.get<{ Params: { id: string } }>('/scans/:id/events', async (request, reply) => {
        const job = await ownJob(request);
        return stream(ctx, request, reply, job.kind, job.id);
      });

      api.get<{ Params: { id: string; format: string } }>('/scans/:id/report.:format', async (request, reply) => {
        const job = await ownJob(request);
        const findings = await findingsOf(job);
        const result = resultOf(job, findings);
        const name = `scan-${job.id.slice(0, 8)}`;
        const formats: Record<string, [string, string, () => string]> = {
          sarif: ['application/sarif+json', 'sarif', () => JSON.stringify(withSuppressions(toSarif(result), findings), null, 2)],
          json: ['application/json', 'json', () => toJson(result)],
          md: ['text/markdown; charset=utf-8', 'md', () => toMarkdown(result)],
        };
        const format = formats[request.params.format];
        if (!format) throw new ApiError(404, 'NOT_FOUND', 'Formats: sarif, json, md.');
        reply.header('content-type', format[0]).header('content-disposition', `attachment; filename="${name}.${format[1]}"`);
        return format[2]();
      });

      api.get('/usage', async (request) => {
        const period = periodOf(new Date().toISOString());
        const usage = await ctx.store.usage.totals(request.account.id, period);
        const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
        const perDay = await ctx.store.usage.scansPerDay(request.account.id, since);
        return {
          plan: request.account.plan,
          limits: { scansPerPeriod: request.plan.scansPerPeriod, concurrentScans: request.plan.concurrentScans },
          usage,
          perDay,
        };
      });
    },
    { prefix: '/dashboard/api' },
  );
}
