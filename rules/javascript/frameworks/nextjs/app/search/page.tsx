import { redirect } from 'next/navigation';

export default async function SearchPage({ searchParams }: { searchParams: Promise<{ q?: string; next?: string }> }) {
  const { q, next } = await searchParams;
  if (next) {
    // ruleid: OPEN_REDIRECT
    redirect(next);
  }
  if (!q) {
    // ok: OPEN_REDIRECT
    redirect('/');
  }
  return (
    <main>
      {/* ok: XSS */}
      <h1>Results for {q}</h1>
      {/* ruleid: XSS */}
      <div dangerouslySetInnerHTML={{ __html: q }} />
    </main>
  );
}
