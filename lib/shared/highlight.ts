import { escapeHtml } from './escape-html';

/** Splits text around case-insensitive matches of a keyword, for highlighting without injecting HTML. */
export function splitMatches(text: string, keyword: string): Array<{ text: string; match: boolean }> {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (let i = lower.indexOf(kw); i !== -1; i = lower.indexOf(kw, at)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + kw.length), match: true });
    at = i + kw.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/**
 * The API's highlight=1 form: escaped text with matches in <em>. With `context`, a long text is cut to a
 * window around the first match.
 */
export function highlightHtml(text: string, keyword: string, context?: number): string {
  let source = text;
  if (context) {
    const i = text.toLowerCase().indexOf(keyword.trim().toLowerCase());
    const from = Math.max(0, i - context / 2);
    if (i > context / 2) source = `…${text.slice(from, from + context + keyword.length)}`;
    else source = text.slice(0, context + keyword.length);
    if (from + context + keyword.length < text.length) source += '…';
  }
  return splitMatches(source, keyword)
    .map((p) => (p.match ? `<em>${escapeHtml(p.text)}</em>` : escapeHtml(p.text)))
    .join('');
}
