'use client';
import { useSearchParams } from 'next/navigation';

// What useSearchParams() gives is a URLSearchParams: the query it serialises is percent-encoded, so a link to
// `${pathname}?${query}` names no scheme, host or markup, whatever the visitor put in the query.
export function Pager({ pathname, page }: { pathname: string; page: number }) {
  const searchParams = useSearchParams();
  const linkTo = (n: number) => {
    const next = new URLSearchParams(searchParams.toString());
    next.set('page', String(n));
    return `${pathname}?${next.toString()}`;
  };
  const here = () => `${pathname}?${searchParams.toString()}`;
  return (
    <nav>
      {/* ok: XSS */}
      <a href={linkTo(page + 1)}>next</a>
      {/* ok: XSS */}
      <a href={here()}>this page</a>
      {/* ruleid: XSS */}
      <a href={searchParams.get('back') ?? '/'}>back</a>
    </nav>
  );
}
