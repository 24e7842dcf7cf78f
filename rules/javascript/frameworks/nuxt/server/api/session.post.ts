export default defineEventHandler(async (event) => {
  const theme = getCookie(event, 'theme') ?? 'light';
  // ruleid: WEAK_RANDOM
  const sessionToken = Math.random().toString(36).slice(2);
  setCookie(event, 'session_token', sessionToken, { httpOnly: true, secure: true });
  return { theme };
});
