import type { ReadChapter } from '@/lib/shared/dto/reading';
import { escapeHtml } from '@/lib/shared/escape-html';

/**
 * The chapter's heading and paragraphs as one string of markup: one <p id="p{idx}" data-idx> per paragraph, so a
 * saved position can be scrolled back to. Written into the article with dangerouslySetInnerHTML, so React keeps
 * no element of its own for any paragraph: hydrating the page walks one <article>, not two nodes per paragraph,
 * and the page's component payload carries the text once, as a string (docs/reading.md "How the reader page is
 * built"). Nothing in it changes while the chapter is read; what is added to a paragraph (a comment badge) is
 * portalled in (components/reader/paragraph-badges.tsx), and the client reads the text back from the page
 * (lib/client/reader/chapter-text.ts).
 */
export function chapterMarkup(chapter: Pick<ReadChapter, 'title' | 'paragraphs'>): string {
  let html = `<h1 class="chapter-title">${escapeHtml(chapter.title)}</h1>`;
  chapter.paragraphs.forEach((text, i) => {
    html += `<p id="p${i}" data-idx="${i}">${escapeHtml(text)}</p>`;
  });
  return html;
}

/** The chapter's text (see chapterMarkup): rendered by the server on arrival, by the browser for chapters opened there. */
export function ChapterBody({ chapter }: { chapter: ReadChapter }) {
  return (
    <article
      className="chapter-body"
      lang={chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN'}
      dir={chapter.novel.dir}
      dangerouslySetInnerHTML={{ __html: chapterMarkup(chapter) }}
    />
  );
}
