import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * The chapter's own way on, under its last paragraph (docs/reading.md "Immersive reading"): with the bars hidden
 * the reader still reaches the next chapter, the previous one and the catalogue where the text ends — and, above
 * them, 本章说 with its count once loaded (docs/reading.md "Chapter and paragraph comments"). The count fills a
 * full-width button of fixed height, so it moves nothing when it arrives — and beside it 打赏, the gift modal for this
 * chapter (docs/gifts-votes-pages.md "Gift modal").
 */
export function ChapterEnd({
  chapter,
  busy,
  onGo,
  onCatalogue,
  commentCount,
  onComments,
  onTip,
  after,
}: {
  chapter: ReadChapter;
  busy: boolean;
  onGo: (id: number) => void;
  onCatalogue: () => void;
  commentCount?: number | null;
  onComments?: () => void;
  /** 打赏: opens the gift modal for this novel and chapter (docs/gifts-votes-pages.md "Gift modal"). */
  onTip?: () => void;
  /** Below the navigation: the game slot (docs/games.md "Slots"). */
  after?: React.ReactNode;
}) {
  return (
    <>
      {onComments || onTip ? (
        <div className="chapter-extras">
          {onComments ? (
            <button type="button" className="chapter-comments" onClick={onComments}>
              本章说{commentCount ? ` (${commentCount})` : ''}
            </button>
          ) : null}
          {onTip ? (
            <button type="button" className="chapter-comments chapter-tip" onClick={onTip}>
              打赏
            </button>
          ) : null}
        </div>
      ) : null}
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
      {after}
    </>
  );
}
