import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { useParams } from 'react-router-dom';
import DOMPurify from 'dompurify';

export function Banner() {
  const message = useSearchParams().get('message') ?? '';
  return (
    <div>
      {/* ruleid: XSS */}
      <p dangerouslySetInnerHTML={{ __html: message }} />
      {/* ok: XSS */}
      <p dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(message) }} />
      {/* ok: XSS */}
      <p title={message}>{message}</p>
    </div>
  );
}

export default function ProductPage({ params }: { params: { slug: string } }) {
  const back = `/catalog/${params.slug}`;
  return (
    <nav>
      {/* ok: XSS */}
      <a href={`/catalog/${params.slug}/reviews`}>Back</a>
      {/* ruleid: XSS */}
      <a href={params.slug}>Open</a>
      {/* ok: XSS */}
      <a href="/catalog">{back}</a>
    </nav>
  );
}

// Hand-off to the desktop app: the literal custom scheme fixes what the link can do.
export function DesktopRedirect() {
  const token = new URLSearchParams(window.location.search).get('token');
  // ok: XSS
  window.open(`outline-app://${window.location.host}/auth/redirect?token=${token}`, '_self');
  const next = new URLSearchParams(window.location.search).get('next');
  // ruleid: XSS, OPEN_REDIRECT
  window.location.assign(next);
  return null;
}

// Next.js Commerce's helper: the query a URLSearchParams serialises is percent-encoded.
const createUrl = (pathname: string, params: URLSearchParams | ReadonlyURLSearchParams) => {
  const paramsString = params.toString();
  return `${pathname}${paramsString.length ? '?' : ''}${paramsString}`;
};

export function FilterLink({ path, title }: { path: string; title: string }) {
  const searchParams = useSearchParams();
  const params = new URLSearchParams(searchParams.toString());
  params.delete('q');
  const back = searchParams.get('back') ?? '/';
  return (
    <nav>
      {/* ok: XSS */}
      <a href={createUrl(path, params)}>{title}</a>
      {/* ruleid: XSS */}
      <a href={back}>back</a>
    </nav>
  );
}

// A site path the app keeps in a variable, then the route's id: the id comes after a `/`, so whatever it holds
// the link stays a path (the scheme is decided before it).
const tabPath = (base: string, id: string, tab: string) => `${base}/${id}/${tab}`;

export function OrganizationTabs({ basePath }: { basePath: string }) {
  const { id = '' } = useParams();
  const settings = `${basePath}/${id}/settings`;
  return (
    <nav>
      {/* ok: XSS */}
      <a href={`${basePath}/${id}/members`}>Members</a>
      {/* ok: XSS */}
      <a href={settings}>Settings</a>
      {/* ok: XSS */}
      <a href={tabPath(basePath, id, 'roles')}>Roles</a>
      {/* ruleid: XSS */}
      <a href={`${id}/members`}>Members</a>
      {/* ruleid: XSS */}
      <a href={`${basePath}${id}`}>Open</a>
    </nav>
  );
}
