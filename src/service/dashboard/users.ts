// The dashboard's user management: admins list, add, re-role, disable and enable users
// and reset their passwords; every user changes their own password.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { verifyPassword } from '../secrets.ts';
import { FREE_FAILURES, LOCKOUT_BASE_MS, parse, requireAdmin, sha256 } from './requests.ts';

const ROLES = ['admin', 'member'] as const;
const NewUser = z.strictObject({ email: z.string().trim().toLowerCase().regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address').max(320), role: z.enum(ROLES) });
const UserChange = z
  .strictObject({ role: z.enum(ROLES).optional(), disabled: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.disabled !== undefined, 'give role or disabled');
const MIN_PASSWORD = 12;
const PasswordChange = z.strictObject({
  currentPassword: z.string().min(1).max(1000),
  newPassword: z.string().min(MIN_PASSWORD, `must be at least ${MIN_PASSWORD} characters`).max(1000),
});

/** Registers the routes on the dashboard API (signed-in sessions, CSRF checked by its hooks). */
export function userRoutes(api: FastifyInstance, ctx: ServiceContext): void {
      api.get('/users', async (request) => {
        requireAdmin(request, 'list users');
        return { users: await ctx.store.users.list(request.account.id) };
      });

      api.post('/users', async (request) => {
        requireAdmin(request, 'add users');
        const { email, role } = parse(NewUser, request.body);
        if (await ctx.store.users.findByEmail(email)) throw new ApiError(409, 'EMAIL_TAKEN', 'A user with this email exists already.', 'email');
        const password = randomBytes(12).toString('base64url');
        const { id } = await ctx.store.users.create({ email, password, admin: role === 'admin', accountId: request.account.id });
        request.log.info({ userId: id, role, by: request.dashboardSession!.userId }, 'dashboard user added');
        // Shown once, for the admin to hand over; only its hash is kept.
        return { id, email, role, password };
      });

      // Role and enabled state; an account always keeps one enabled admin.
      api.patch<{ Params: { id: string } }>('/users/:id', async (request) => {
        requireAdmin(request, 'change users');
        const { role, disabled } = parse(UserChange, request.body);
        const by = request.dashboardSession!.userId;
        if (disabled && request.params.id === by) throw new ApiError(409, 'SELF', 'You cannot disable yourself; another admin can.');
        const check = (outcome: 'changed' | 'missing' | 'last-admin') => {
          if (outcome === 'missing') throw new ApiError(404, 'NOT_FOUND', 'No such user.');
          if (outcome === 'last-admin') throw new ApiError(409, 'LAST_ADMIN', 'The account needs at least one enabled admin: make another user admin first.');
        };
        if (role !== undefined) check(await ctx.store.users.setRole(request.account.id, request.params.id, role));
        if (disabled !== undefined) check(await ctx.store.users.setDisabled(request.account.id, request.params.id, disabled));
        request.log.info({ userId: request.params.id, role, disabled, by }, 'dashboard user changed');
        const user = (await ctx.store.users.list(request.account.id)).find((u) => u.id === request.params.id)!;
        return { id: user.id, role: user.role, disabled: user.disabled };
      });

      // Every user changes their own password; their other sessions end.
      api.post('/password', async (request) => {
        const session = request.dashboardSession!;
        const { currentPassword, newPassword } = parse(PasswordChange, request.body);
        // Wrong current passwords count like failed sign-ins: a borrowed session cannot guess its way to the account.
        const attemptKey = sha256(`password-change|${session.userId}`);
        const attempts = await ctx.store.signins.attempts(attemptKey);
        if (attempts?.lockedUntil && Date.parse(attempts.lockedUntil) > Date.now()) {
          throw new ApiError(429, 'RATE_LIMITED', 'Too many wrong passwords; try again later.');
        }
        const user = await ctx.store.users.findByEmail(session.email);
        if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
          const failures = (attempts?.failures ?? 0) + 1;
          const over = failures - FREE_FAILURES;
          await ctx.store.signins.recordFailure(attemptKey, failures, over >= 0 ? new Date(Date.now() + LOCKOUT_BASE_MS * 2 ** Math.min(over, 10)).toISOString() : null);
          throw new ApiError(403, 'WRONG_PASSWORD', 'currentPassword: is not your current password', 'currentPassword');
        }
        await ctx.store.signins.clear(attemptKey);
        await ctx.store.users.setPassword(session.accountId, session.userId, newPassword);
        const ended = await ctx.store.sessions.deleteForUser(session.userId, session.tokenHash);
        request.log.info({ userId: session.userId, otherSessionsEnded: ended }, 'dashboard password changed');
        return { ok: true, otherSessionsEnded: ended };
      });

      // An admin resets a user's password: a new one, shown once, and the user's sessions end.
      api.post<{ Params: { id: string } }>('/users/:id/password', async (request) => {
        requireAdmin(request, "reset a user's password");
        const session = request.dashboardSession!;
        const target = (await ctx.store.users.list(request.account.id)).find((u) => u.id === request.params.id);
        if (!target) throw new ApiError(404, 'NOT_FOUND', 'No such user.');
        const password = randomBytes(12).toString('base64url');
        await ctx.store.users.setPassword(request.account.id, target.id, password);
        await ctx.store.sessions.deleteForUser(target.id, target.id === session.userId ? session.tokenHash : undefined);
        request.log.info({ userId: target.id, by: session.userId }, 'dashboard user password reset');
        return { id: target.id, email: target.email, password };
      });
}
