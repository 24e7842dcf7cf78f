// A signed token whose own payload says it has expired opens nothing: the server that signed it
// refuses it after its `exp` (RFC 7519 §4.1.4). API documentation and recorded responses carry
// such tokens (a login response copied into a README years ago). Whether a token has expired is
// judged against the clock of the scan, so a token valid today is reported until its `exp`
// passes; one without `exp` never expires and is always reported.

/** The `exp` claim (seconds since the epoch) of a JWT's payload, or undefined when it has none or is no JWT. */
export function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const exp = (payload as Record<string, unknown>).exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/** Whether the JWT `token` carries an `exp` before `now` (milliseconds, the scan's clock). */
export function isExpiredJwt(token: string, now: number = Date.now()): boolean {
  const exp = jwtExpiry(token);
  return exp !== undefined && exp * 1000 < now;
}
