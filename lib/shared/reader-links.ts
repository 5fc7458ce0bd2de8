/**
 * Links into the reader and the listen page, one place for the shelf, history, continue buttons and /m/show.
 * The reader scrolls to the paragraph with id `p{idx}`; paragraph 0 is the top, so it needs no fragment.
 */
export function readerHref(novelId: number, articleId: number, paragraphIdx = 0): string {
  return `/m/read/${articleId}?nid=${novelId}${paragraphIdx > 0 ? `#p${paragraphIdx}` : ''}`;
}

/**
 * The listen page (spec §2 query: currentTime in seconds, read_type); 0 or unknown time starts at the beginning,
 * no read_type lets the page choose (2 for a ctype 2 novel, else 1).
 */
export function listenHref(articleId: number, currentTime?: number | null, readType?: 1 | 2): string {
  const query = new URLSearchParams();
  if (currentTime) query.set('currentTime', String(currentTime));
  if (readType) query.set('read_type', String(readType));
  const qs = query.toString();
  return `/m/listen/${articleId}${qs ? `?${qs}` : ''}`;
}

/** Spec §2: the listen page's read_type is 1 by default, 2 when the novel has ctype 2. */
export function listenReadType(ctype: number): 1 | 2 {
  return ctype === 2 ? 2 : 1;
}
