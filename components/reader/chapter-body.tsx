import type { ReadChapter } from '@/lib/shared/dto/reading';

/** The chapter's text: one <p id="p{idx}"> per paragraph, so a saved position can be scrolled back to. */
export function ChapterBody({ chapter }: { chapter: ReadChapter }) {
  return (
    <article
      className="chapter-body"
      lang={chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN'}
      dir={chapter.novel.dir}
    >
      <h1 className="chapter-title">{chapter.title}</h1>
      {chapter.paragraphs.map((text, i) => (
        <p key={i} id={`p${i}`} data-idx={i}>
          {text}
        </p>
      ))}
    </article>
  );
}
