import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * The chapter's text: one <p id="p{idx}"> per paragraph, so a saved position can be scrolled back to. No client
 * code: on arrival the server renders it as part of the page and the browser never hydrates a component for it
 * (docs/reading.md "How the reader page is built"); chapters opened in the browser render it there. A paragraph's
 * comment count is added at its end after the first paint (components/reader/paragraph-badges.tsx).
 */
export function ChapterBody({ chapter }: { chapter: ReadChapter }) {
  return (
    <article
      className="chapter-body"
      lang={chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN'}
      dir={chapter.novel.dir}
    >
      <h1 className="chapter-title">{chapter.title}</h1>
      {chapter.paragraphs.map((text, i) => (
        // The text and an empty second child, not text content: a badge portalled in later is then React's to
        // place, and no re-render could replace it with the bare text.
        <p key={i} id={`p${i}`} data-idx={i}>
          {text}
          {null}
        </p>
      ))}
    </article>
  );
}
