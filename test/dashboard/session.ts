// Signs in to the dashboard API over real HTTP and calls it as that user would.
export interface DashboardUser {
  email: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<DashboardUser> {
  const response = await fetch(`${baseUrl}/dashboard/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { csrfToken?: string };
  if (response.status !== 200 || !body.csrfToken) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  const csrf = body.csrfToken;
  return {
    email,
    async call(method, path, payload) {
      const answer = await fetch(`${baseUrl}/dashboard/api${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': csrf,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: answer.status, body: (await answer.json().catch(() => ({}))) as Record<string, unknown> };
    },
  };
}
