import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * The chapter's text: one <p id="p{idx}"> per paragraph, so a saved position can be scrolled back to. A paragraph
 * with comments ends in a small count (段评, docs/reading.md "Chapter and paragraph comments"): absolutely
 * positioned at the text's end, so its arrival after the first paint moves no line.
 */
export function ChapterBody({
  chapter,
  badges,
  onBadge,
}: {
  chapter: ReadChapter;
  badges?: Record<number, number>;
  onBadge?: (index: number) => void;
}) {
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
          {badges?.[i] ? (
            <button type="button" className="pc-badge" aria-label={`段评 ${badges[i]} 条`} onClick={() => onBadge?.(i)}>
              {badges[i] > 99 ? '99+' : badges[i]}
            </button>
          ) : null}
        </p>
      ))}
    </article>
  );
}
