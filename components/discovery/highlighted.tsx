import { splitMatches } from '@/lib/shared/highlight';

/** Text with the keyword marked, built from text nodes (no HTML from the server is injected). */
export function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>{splitMatches(text, keyword).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>
  );
}
