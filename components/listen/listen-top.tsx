'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { Cover } from '@/components/novel/cover';
import { ShareButton } from '@/components/novel/share-button';
import { WxShare } from '@/components/share/wx-share';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { FavoriteTtsButton } from './favorite-tts-button';

/** The listen page's bar: back to the novel, 听书, the audio-shelf favourite and 分享 (the messaging app's card too). */
export function ListenTop({ chapter }: { chapter: ReadChapter }) {
  const title = `${chapter.novel.title} · ${chapter.title}`;
  return (
    <header className="listen-top">
      <Link href={`/m/novels/${chapter.novel_id}`} className="listen-back" aria-label="返回书籍详情">
        ‹
      </Link>
      <span className="listen-top-title">听书</span>
      <span className="listen-top-tools">
        <FavoriteTtsButton novelId={chapter.novel_id} />
        <ShareButton path={`/m/listen/${chapter.id}`} title={title} className="listen-fav" />
      </span>
      <WxShare
        path={`/m/listen/${chapter.id}`}
        title={title}
        desc={`在书声收听《${chapter.novel.title}》${chapter.title}`}
        imgPath={`/covers/share/chapter-${chapter.id}-square.png`}
      />
    </header>
  );
}

/** Cover, novel and chapter titles and the author: what is heard. */
export function ListenHero({ chapter, author }: { chapter: ReadChapter; author: string }) {
  return (
    <section className="listen-hero" aria-labelledby="listen-novel-title">
      <Cover src={chapter.novel.thumb} width={120} height={160} eager />
      <h1 id="listen-novel-title" className="listen-novel" dir={chapter.novel.dir}>
        {chapter.novel.title}
      </h1>
      <p className="listen-chapter" dir={chapter.novel.dir}>
        {chapter.title}
      </p>
      {author ? <p className="muted small">{author}</p> : null}
    </section>
  );
}
