import { useSearchParams, Link } from 'react-router-dom';
import { highlight, cleanHighlight } from '../components/Highlight';

const INTRO = 'Search the catalogue by title or author.';

export function SearchPage() {
  const [searchParams] = useSearchParams();
  const term = searchParams.get('q') ?? '';
  const back = searchParams.get('back') ?? '/';
  return (
    <section>
      {/* ok: XSS */}
      <h1>Results for {term}</h1>
      {/* ruleid: XSS */}
      <p dangerouslySetInnerHTML={{ __html: highlight(INTRO, term) }} />
      {/* ok: XSS */}
      <p dangerouslySetInnerHTML={{ __html: cleanHighlight(INTRO, term) }} />
      {/* ruleid: XSS */}
      <a href={back}>Back</a>
      {/* ok: XSS */}
      <a href={`/books?q=${encodeURIComponent(term)}`}>All books</a>
      {/* ok: XSS */}
      <img src={back} alt="" />
      {/* ruleid: XSS */}
      <iframe src={back} title="preview" />
      <Link to="/">Home</Link>
    </section>
  );
}
