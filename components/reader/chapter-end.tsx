import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * The chapter's own way on, under its last paragraph (docs/reading.md "Immersive reading"): with the bars hidden
 * the reader still reaches the next chapter, the previous one and the catalogue where the text ends.
 */
export function ChapterEnd({
  chapter,
  busy,
  onGo,
  onCatalogue,
}: {
  chapter: ReadChapter;
  busy: boolean;
  onGo: (id: number) => void;
  onCatalogue: () => void;
}) {
  return (
    <nav className="chapter-end" aria-label="本章结束">
      <button type="button" onClick={() => onGo(chapter.prev_id)} disabled={!chapter.prev_id || busy}>
        上一章
      </button>
      <button type="button" onClick={onCatalogue}>
        目录
      </button>
      {/* next_id 0 is the last chapter: the reader goes to the novel's end page. */}
      <button type="button" className="chapter-end-next" onClick={() => onGo(chapter.next_id)} disabled={busy}>
        下一章
      </button>
    </nav>
  );
}
