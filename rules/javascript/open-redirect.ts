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
