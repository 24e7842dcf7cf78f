export default defineEventHandler(async (event) => {
  const { carrier } = getQuery(event);
  // ruleid: SSRF
  return proxyRequest(event, `${carrier}/track`);
});
