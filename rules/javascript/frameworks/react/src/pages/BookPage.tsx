import { useParams, useSearchParams } from 'react-router-dom';

export function BookPage() {
  const { bookId } = useParams();
  const [searchParams] = useSearchParams();
  const preview = searchParams.get('preview') ?? '';
  return (
    <article>
      {/* ruleid: XSS */}
      <iframe title="preview" srcDoc={preview} />
      {/* ruleid: XSS */}
      <div dangerouslySetInnerHTML={{ __html: `<h2>Book ${bookId}</h2>` }} />
      {/* ok: XSS */}
      <h2>Book {bookId}</h2>
    </article>
  );
}
