/**
 * Links into the reader and the listen page, one place for the shelf, history, continue buttons and /m/show.
 * The reader scrolls to the paragraph with id `p{idx}`; paragraph 0 is the top, so it needs no fragment.
 */
export function readerHref(novelId: number, articleId: number, paragraphIdx = 0): string {
  return `/m/read/${articleId}?nid=${novelId}${paragraphIdx > 0 ? `#p${paragraphIdx}` : ''}`;
}

/**
 * The listen page (docs/listening.md "Listen page": read_type, currentTime in seconds); 0 or unknown time starts at the beginning,
 * no read_type lets the page choose (2 for a ctype 2 novel, else 1).
 */
export function listenHref(articleId: number, currentTime?: number | null, readType?: 1 | 2): string {
  const query = new URLSearchParams();
  if (readType) query.set('read_type', String(readType));
  if (currentTime) query.set('currentTime', String(currentTime));
  const qs = query.toString();
  return `/m/listen/${articleId}${qs ? `?${qs}` : ''}`;
}

/** docs/listening.md "Listen page": the listen page's read_type is 2 when the novel is audio-first (ctype 2), else 1. */
export const listenReadType = (ctype: number): 1 | 2 => (ctype === 2 ? 2 : 1);

/** The listen page of a chapter with the novel's read_type, resuming at currentTime seconds when given. */
export function listenPageHref(articleId: number, ctype: number, currentTime?: number | null): string {
  return listenHref(articleId, currentTime, listenReadType(ctype));
}

/** A novel in a listening list opens its first chapter on the listen page; one without chapters, its own page. */
export function novelListenHref(novel: { id: number; first_article_id: number | null; ctype: number }): string {
  return novel.first_article_id ? listenPageHref(novel.first_article_id, novel.ctype) : `/m/novels/${novel.id}`;
}
