// What the route schemas alone do not put in the OpenAPI document: the answers every
// route can give whatever its own schema says (a too long path or header, a body of the
// wrong type or size, the rate limit, a server failure), the SSE event envelope of the
// two event streams, and request examples. Generated clients read these.
import { z } from 'zod';
import { JOB_STATUSES } from './store/store.ts';

const ISO = z.string().describe('ISO 8601 UTC with milliseconds');

/** One SSE event (`data:` line) of GET /github/:scanId/events and GET /commit/:jobId/events. */
export const ScanEvent = z
  .object({
    type: z.enum(['connected', 'progress', 'vulnerability', 'completed', 'failed', 'error']),
    scanId: z.string().optional().describe('GitHub scan stream only'),
    jobId: z.string().optional().describe('commit scan stream only (in place of scanId)'),
    data: z
      .object({
        message: z.string().optional().describe('connected, progress, completed, failed, error'),
        jobStatus: z.enum(JOB_STATUSES).optional().describe('connected: the job status when the client connected'),
        progress: z.number().optional().describe('connected and progress: 0–100'),
        status: z.string().optional().describe('failed: "failed" or "cancelled"'),
        error: z.string().optional().describe('error: the error code, e.g. NOT_FOUND'),
      })
      .loose()
      .describe('per type; a vulnerability event carries a Vulnerability object (see GET /jobs/{jobId})'),
    timestamp: ISO,
  })
  .describe(
    'Each event is one `data: <json>` line and a blank line, after an `id:` line (the job\'s event sequence number; send it back as Last-Event-ID to resume). ' +
      'connected comes first; completed and failed are terminal; error ends the stream (unknown id). A `: keep-alive` comment comes every 15 s.',
  );

const ERROR = { $ref: '#/components/schemas/Error' };

/** Answers any route can give, by status: what they mean here. */
const COMMON_ERRORS: Record<string, string> = {
  '414': 'The path (or a path parameter) is too long',
  '429': 'RATE_LIMITED: the plan\'s requests per minute are used up (Retry-After and RateLimit-* headers say when to retry)',
  '431': 'The request headers are too large',
  '500': 'INTERNAL_ERROR: the server failed; retry with backoff',
};
const BODY_ERRORS: Record<string, string> = {
  '413': 'PAYLOAD_TOO_LARGE: the body, or the files of a commit scan, exceed the server\'s or the plan\'s limit',
  '415': 'UNSUPPORTED_MEDIA_TYPE: the body is not application/json',
};

const EXAMPLES: Record<string, unknown> = {
  'post /github': { repository: 'owner/name', ref: 'main', history: true, paths: ['src/**'], autoCancel: true },
  'post /git': { repository: 'https://gitlab.example.com/group/project.git', ref: 'main', history: true },
  'post /commit': {
    repository: 'demo',
    commit: '3f2a9c4e1b7d8a6f5e4d3c2b1a0f9e8d7c6b5a49',
    files: [{ path: 'app.js', content: 'app.get("/", (req, res) => res.send("<p>" + req.query.name));\n' }],
  },
  'put /jobs/{jobId}/findings/{findingId}/dismissal': { status: 'false_positive', reason: 'the id is checked against an allow-list' },
};

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export function completeOpenApi<T extends { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }>(document: T): T {
  const components = (document.components ??= {}) as { schemas?: Record<string, unknown> };
  components.schemas = {
    ...components.schemas,
    Error: {
      type: 'object',
      required: ['success', 'error'],
      properties: {
        success: { const: false },
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string', description: 'UPPER_SNAKE' }, message: { type: 'string' }, field: { type: 'string', description: 'the field at fault, e.g. body.files[2].path' } },
        },
      },
    },
    ScanEvent: z.toJSONSchema(ScanEvent, { target: 'draft-2020-12' }),
  };
  for (const [route, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const responses = (operation.responses ??= {});
      const add = (status: string, description: string) => {
        responses[status] ??= { description, content: { 'application/json': { schema: ERROR } } };
      };
      for (const [status, description] of Object.entries(COMMON_ERRORS)) add(status, description);
      if (operation.requestBody) for (const [status, description] of Object.entries(BODY_ERRORS)) add(status, description);
      const json = operation.requestBody?.content?.['application/json'];
      const example = EXAMPLES[`${method} ${route}`];
      if (json && example) json.example = example;
      if (route.endsWith('/events') && responses['200']) {
        responses['200'] = {
          description: 'The event stream (text/event-stream); each event\'s data is a ScanEvent',
          content: { 'text/event-stream': { schema: { $ref: '#/components/schemas/ScanEvent' } } },
        };
      }
    }
  }
  return document;
}
