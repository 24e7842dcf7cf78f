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

// h3 reads a cookie of the request as `getCookie(event, name)`.
export const resume = defineEventHandler((event) => {
  // ruleid: OPEN_REDIRECT
  return sendRedirect(event, getCookie(event, 'resume_to') ?? '/');
});

// A browser helper `getCookie(name)` reads the user's own cookie jar.
declare function getCookie(name: string): string | undefined;
export function resumeInBrowser() {
  // ok: OPEN_REDIRECT, XSS
  window.location.href = getCookie('resume_to') ?? '/';
}
