import { IntentLink as Link } from '@/components/ui/intent-link';
import { Cover } from '@/components/novel/cover';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { readerHref } from '@/lib/shared/reader-links';

/** A novel without a voice (Tibetan: eSpeak has none) says so plainly and offers the text instead. */
export function TtsUnavailable({ chapter, author }: { chapter: ReadChapter; author: string }) {
  return (
    <div className="listen">
      <header className="listen-top">
        <Link href={`/m/novels/${chapter.novel_id}`} className="listen-back" aria-label="返回书籍详情">
          ‹
        </Link>
        <span className="listen-top-title">听书</span>
        <span />
      </header>
      <section className="listen-hero" aria-labelledby="listen-novel-title">
        <Cover src={chapter.novel.thumb} width={120} height={160} eager />
        <h1 id="listen-novel-title" className="listen-novel">
          {chapter.novel.title}
        </h1>
        <p className="listen-chapter">{chapter.title}</p>
        {author ? <p className="muted small">{author}</p> : null}
      </section>
      <p className="listen-unavailable" role="status">
        {MSG.ttsUnavailable}
      </p>
      <div className="listen-unavailable-actions">
        <Link className="button button-primary" href={readerHref(chapter.novel_id, chapter.id)}>
          阅读本章
        </Link>
      </div>
    </div>
  );
}
