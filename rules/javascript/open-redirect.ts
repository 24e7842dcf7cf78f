// Nuxt server route (h3).
export default defineEventHandler(async (event) => {
  const { next } = getQuery(event);
  if (typeof next === 'string' && next.startsWith('/') && !next.startsWith('//')) {
    // ok: OPEN_REDIRECT
    return sendRedirect(event, next);
  }
  const body = await readBody(event);
  // ruleid: OPEN_REDIRECT
  return sendRedirect(event, body.returnUrl);
});

// A cookie is set by the victim's own browser, not by a link an attacker crafts.
export const resume = defineEventHandler((event) => {
  // ok: OPEN_REDIRECT
  return sendRedirect(event, getCookie(event, 'resume_to') ?? '/');
});

// A browser helper `getCookie(name)` reads the user's own cookie jar.
declare function getCookie(name: string): string | undefined;
export function resumeInBrowser() {
  // ok: OPEN_REDIRECT, XSS
  window.location.href = getCookie('resume_to') ?? '/';
}

// Koa: the apex domain's redirect to www keeps the requested path.
import type { Context, Next } from "koa";

export async function apexRedirect(ctx: Context, next: Next) {
  if (ctx.headers.host === "example.com") {
    // ok: OPEN_REDIRECT
    ctx.redirect(`https://www.${ctx.headers.host}${ctx.path}`);
    return;
  }
  if (ctx.headers.host === "old.example.com") {
    // ruleid: OPEN_REDIRECT
    ctx.redirect(`https://www.${ctx.headers.host}${ctx.query.to}`);
    return;
  }
  return next();
}
