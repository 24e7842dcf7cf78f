import DOMPurify from 'dompurify';

export function highlight(text: string, term: string): string {
  return text.split(term).join(`<mark>${term}</mark>`);
}

export function cleanHighlight(text: string, term: string): string {
  return DOMPurify.sanitize(highlight(text, term));
}
