import { redirect } from '@remix-run/node';
import type { LoaderFunctionArgs } from '@remix-run/node';

// A Remix loader answers with the Location its `redirect` builds.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get('next');
  if (next) {
    // ruleid: OPEN_REDIRECT
    return redirect(next);
  }
  // ok: OPEN_REDIRECT
  return redirect('/');
}
