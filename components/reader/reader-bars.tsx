'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { ShareButton } from '@/components/novel/share-button';
import { WxShare } from '@/components/share/wx-share';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';

/**
 * The reader's top bar (back, title, 最近, 分享), hidden and inert while the reader reads (docs/reading.md
 * "Immersive reading"). It follows the book's direction (back on the right for Uyghur), as the pages and taps do.
 */
export function ReaderTopBar({ chapter, shown }: { chapter: ReadChapter; shown: boolean }) {
  const path = `/m/read/${chapter.id}?nid=${chapter.novel_id}`;
  const title = `${chapter.novel.title} · ${chapter.title}`;
  return (
    <header className="reader-top" dir={chapter.novel.dir} inert={!shown}>
      <Link href={`/m/novels/${chapter.novel_id}`} className="reader-back" aria-label="返回书籍详情">
        ‹
      </Link>
      <span className="reader-book">{chapter.novel.title}</span>
      <button type="button" className="reader-tool" onClick={() => useModalStore.getState().open('read-continue', {})}>
        最近
      </button>
      <ShareButton path={path} title={title} className="reader-tool" />
      <WxShare
        path={path}
        title={title}
        desc={`《${chapter.novel.title}》${chapter.title}，在书声继续阅读`}
        imgPath={`/covers/share/chapter-${chapter.id}-square.png`}
      />
    </header>
  );
}

/** The bottom bar: 上一章, 目录, 夜间模式/日间模式, 设置, 下一章 (next_id 0 goes to the novel's end page). */
export function ReaderBottomBar({
  chapter,
  shown,
  busy,
  night,
  panel,
  onGo,
  onCatalogue,
  onNight,
  onPanel,
}: {
  chapter: ReadChapter;
  shown: boolean;
  busy: boolean;
  night: boolean;
  panel: boolean;
  onGo: (id: number) => void;
  onCatalogue: () => void;
  onNight: () => void;
  onPanel: () => void;
}) {
  return (
    <nav className="reader-bottom" aria-label="章节导航" dir={chapter.novel.dir} inert={!shown}>
      <button type="button" onClick={() => onGo(chapter.prev_id)} disabled={!chapter.prev_id || busy}>
        上一章
      </button>
      <button type="button" onClick={onCatalogue}>
        目录
      </button>
      <button type="button" onClick={onNight}>
        {night ? '日间模式' : '夜间模式'}
      </button>
      <button type="button" onClick={onPanel} aria-expanded={panel}>
        设置
      </button>
      <button type="button" onClick={() => onGo(chapter.next_id)} disabled={busy}>
        下一章
      </button>
    </nav>
  );
}

/** Paged mode's progress slider (页码), shown and hidden with the bars (docs/reading.md "Paged mode"). */
export function PageSlider({
  page,
  pages,
  shown,
  dir,
  onGoTo,
}: {
  page: number;
  pages: number;
  shown: boolean;
  dir: ReadChapter['novel']['dir'];
  onGoTo: (page: number) => void;
}) {
  return (
    <div className="reader-slider" inert={!shown}>
      <input
        type="range"
        min={1}
        max={pages}
        value={page + 1}
        aria-label="页码"
        aria-valuetext={`第${page + 1}页，共${pages}页`}
        dir={dir}
        onChange={(e) => onGoTo(Number(e.target.value) - 1)}
      />
    </div>
  );
}
