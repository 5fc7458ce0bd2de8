/**
 * Links into the reader and the listen page, one place for the shelf, history, continue buttons and /m/show.
 * The reader scrolls to the paragraph with id `p{idx}`; paragraph 0 is the top, so it needs no fragment.
 */
export function readerHref(novelId: number, articleId: number, paragraphIdx = 0): string {
  return `/m/read/${articleId}?nid=${novelId}${paragraphIdx > 0 ? `#p${paragraphIdx}` : ''}`;
}

/** The listen page (spec §2 query: currentTime in seconds); 0 or unknown starts at the beginning. */
export function listenHref(articleId: number, currentTime?: number | null): string {
  return `/m/listen/${articleId}${currentTime ? `?currentTime=${currentTime}` : ''}`;
}
