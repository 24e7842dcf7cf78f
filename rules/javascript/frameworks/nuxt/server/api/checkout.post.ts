export default defineEventHandler(async (event) => {
  const body = await readBody(event);
  if (body.returnUrl) {
    // ruleid: OPEN_REDIRECT
    return sendRedirect(event, body.returnUrl, 302);
  }
  // ok: OPEN_REDIRECT
  return sendRedirect(event, '/orders', 302);
});
