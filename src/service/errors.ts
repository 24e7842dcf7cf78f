// The one error envelope of the API: {success: false, error: {code, message}}.
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, field?: string) {
  return { success: false as const, error: field ? { code, message, field } : { code, message } };
}

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** "body.files[2].path" from a validation issue, so the 400 message names the field. */
function fieldOf(context: string | undefined, issue: ValidationIssue): string {
  let name = context ?? 'body';
  for (const part of (issue.instancePath ?? '').split('/').filter(Boolean)) {
    name += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  if (issue.keyword === 'unrecognized_keys' && issue.params?.keys?.length) name += `.${issue.params.keys[0]}`;
  return name;
}

export function handleError(error: FastifyError & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.message, error.field));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0] as ValidationIssue;
    const field = fieldOf(error.validationContext, issue);
    return reply.code(400).send(errorBody('INVALID_REQUEST', `${field}: ${issue.message ?? 'is invalid'}`, field));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.code(429).send(errorBody('RATE_LIMITED', error.message || 'Too many requests'));
  }
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request body is larger than this server accepts.'));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.code(400).send(errorBody('INVALID_REQUEST', 'body: must be a JSON object', 'body'));
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody('INVALID_REQUEST', error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Internal server error'));
}

/**
 * Errors Fastify raises before a route runs (a path parameter over the length limit, a
 * malformed URL): the same envelope as every other error.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send(errorBody('URI_TOO_LONG', 'A path parameter is longer than this server accepts.'));
  }
  return reply.code(400).send(errorBody('INVALID_REQUEST', 'The URL is not valid.'));
}

const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are larger than this server accepts.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.'],
};

/**
 * Requests Node's HTTP parser rejects (headers too large, timeouts, malformed requests)
 * never reach Fastify: answer them on the socket, in the same envelope, and close it.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'INVALID_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
