// The HTTP application: Fastify with zod schemas (validation, types and the
// OpenAPI document from one declaration), API-key auth, per-plan rate limits,
// and the routes under /api/v1.
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { largestCommitBody, type TrustProxy } from './config.ts';
import type { ServiceContext } from './context.ts';
import { ApiError, errorBody, handleClientError, handleError, handleFrameworkError } from './errors.ts';
import { dashboardPlugin } from './dashboard/plugin.ts';
import { eventRoutes } from './routes/events.ts';
import { jobRoutes } from './routes/jobs.ts';
import { scanRoutes } from './routes/scans.ts';
import { completeOpenApi } from './openapi.ts';
import { HealthResponse } from './schemas.ts';
import { MAX_API_KEY_LENGTH } from './secrets.ts';

const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
/** last_used_at is a hint, not an audit log: write it at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Fastify's form of the setting: a number of proxies as its hop test (its types have no number form). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(ctx: ServiceContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: largestCommitBody(ctx.config),
    forceCloseConnections: true,
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // Behind a TLS-terminating proxy: request.ip (logs, sign-in lockout) and request.protocol
    // (the session cookie's Secure flag) come from the proxy's x-forwarded-* headers. Off by
    // default: without a proxy, anyone could send those headers.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // JSON bodies must be UTF-8: a parser that decodes leniently would store U+FFFD in place of the bytes.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new ApiError(400, 'INVALID_ENCODING', 'body: is not valid UTF-8', 'body'), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new ApiError(400, 'INVALID_JSON', `body: is not valid JSON (${error.message})`, 'body'), undefined);
      else done(null, value);
    });
  });

  await app.register(async (api) => {
    await api.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Scanner API', version: VERSION, description: 'Code security scanning: REST API and SSE event streams' },
        servers: [{ url: '/api/v1' }],
        components: {
          securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
        },
        security: [{ apiKey: [] }],
      },
      transform: jsonSchemaTransform,
      // Common error answers, the SSE event envelope and request examples.
      transformObject: (document) =>
        'openapiObject' in document ? (completeOpenApi(document.openapiObject as Parameters<typeof completeOpenApi>[0]) as typeof document.openapiObject) : document.swaggerObject,
    });

    const keyCache = new Map<string, number>();
    api.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.routeOptions.config?.public) return;
      const header = request.headers['x-api-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw new ApiError(401, 'UNAUTHORIZED', 'Send your API key in the x-api-key header.');
      if (key.length > MAX_API_KEY_LENGTH) throw new ApiError(401, 'UNAUTHORIZED', 'The API key is not valid.');
      const found = await ctx.store.keys.authenticate(key);
      if (!found) throw new ApiError(401, 'UNAUTHORIZED', 'The API key is not valid.');
      request.account = found.account;
      request.apiKeyId = found.keyId;
      request.plan = ctx.config.plans[found.account.plan] ?? ctx.config.plans[ctx.config.defaultPlan];
      const touched = keyCache.get(found.keyId) ?? (found.lastUsedAt ? Date.parse(found.lastUsedAt) : 0);
      if (Date.now() - touched > TOUCH_INTERVAL_MS) {
        keyCache.set(found.keyId, Date.now());
        void ctx.store.keys.touch(found.keyId).catch((error: unknown) => request.log.warn({ err: String(error) }, 'could not record the key’s last use'));
      }
    });

    await api.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      timeWindow: 60_000,
      enableDraftSpec: true,
      keyGenerator: (request) => request.account?.id ?? request.ip,
      max: (request) => request.plan?.requestsPerMinute ?? 60,
      allowList: (request) => Boolean(request.routeOptions.config?.public),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}.`,
      }),
    });

    scanRoutes(api, ctx);
    jobRoutes(api, ctx);
    eventRoutes(api, ctx);

    const typed = api.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/health',
      { config: { public: true }, schema: { summary: 'Liveness and readiness (no key needed)', security: [], response: { 200: HealthResponse, 503: HealthResponse } } },
      async (request, reply) => {
        // Health answers "degraded"; the log says why.
        const database = await ctx.store.db
          .get('SELECT 1 AS ok')
          .then(() => true)
          .catch((error: unknown) => (request.log.warn({ err: String(error) }, 'health: the database does not answer'), false));
        const queue = await ctx.queue.healthy().catch((error: unknown) => (request.log.warn({ err: String(error) }, 'health: the queue does not answer'), false));
        const ok = database && queue;
        reply.code(ok ? 200 : 503);
        return {
          success: ok,
          data: {
            status: ok ? ('ok' as const) : ('degraded' as const),
            database: { ok: database, dialect: ctx.store.db.dialect },
            queue: { ok: queue, kind: ctx.queue.name },
            version: VERSION,
          },
        };
      },
    );
    api.get(
      '/openapi.json',
      { config: { public: true }, schema: { hide: true } as Record<string, unknown> },
      async () => api.swagger(),
    );
  }, { prefix: '/api/v1' });
  await app.register(async (dashboard) => dashboardPlugin(dashboard, ctx));

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0].slice(0, 200)}`));
  });
  return app as unknown as FastifyInstance;
}
