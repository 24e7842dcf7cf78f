// What every dashboard route uses: body and query parsing into 400s that name the field,
// the admin check, and the lockout that slows down password guessing.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';

/** Failures per email+address before a lockout; each further failure doubles it. */
export const FREE_FAILURES = 5;
export const LOCKOUT_BASE_MS = 60_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError(400, 'INVALID_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return result.data;
}

/** Admins manage the account's users and every API key; members cannot. */
export function requireAdmin(request: FastifyRequest, action: string): void {
  if (request.dashboardSession?.role !== 'admin') throw new ApiError(403, 'FORBIDDEN', `Only an admin may ${action}.`);
}
