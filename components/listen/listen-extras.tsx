'use client';

import { useEffect, useState } from 'react';
import { CommentSheetIsland as CommentSheet } from '@/components/community/comment-sheet-island';
import { loadSpokenComments, type SpokenComments } from '@/lib/client/listen/paragraph-tops';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { LISTEN_EXTRA_MSG as T } from '@/lib/shared/listen-extras-text';

const AWAY_DELAY_MS = 1_200;

/** Whether the element is (at least partly) between the page's top and bottom edges. */
function onScreen(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
}

/**
 * The listen page's extras, loaded lazily after it paints (docs/listening.md "Comments while listening",
 * its "Where was I"): the count and top comment of the paragraph being spoken — a tap opens its thread while the audio plays on —
 * and 回到正在播放 when the listener has scrolled the spoken paragraph out of view.
 */
export default function ListenExtras({ chapter, active }: { chapter: ReadChapter; active: number }) {
  const [tops, setTops] = useState<{ id: number; map: Map<number, SpokenComments> } | null>(null);
  const [thread, setThread] = useState<number | null>(null);
  const [away, setAway] = useState(false);

  useEffect(() => {
    let gone = false;
    void loadSpokenComments(chapter.novel_id, chapter.id, chapter.paragraphs).then((map) => !gone && setTops({ id: chapter.id, map }));
    return () => {
      gone = true;
    };
  }, [chapter.id, chapter.novel_id, chapter.paragraphs]);

  // Checked on scroll and when the spoken paragraph changes: cheap, one rectangle.
  useEffect(() => {
    if (active < 0) {
      setAway(false);
      return;
    }
    let frame = 0;
    let later: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const p = document.getElementById(`p${active}`);
        clearTimeout(later);
        if (!p || onScreen(p)) return setAway(false);
        // Shown only once the paragraph stays away: the page's own follow-scroll to a new paragraph takes a moment.
        later = setTimeout(() => setAway(true), AWAY_DELAY_MS);
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
      window.removeEventListener('scroll', check);
    };
  }, [active]);

  const spoken = tops?.id === chapter.id && active >= 0 ? tops.map.get(active) : undefined;
  const backToSpoken = () => {
    const p = document.getElementById(`p${active}`);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    p?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <>
      {spoken ? (
        <button type="button" className="listen-spoken-comment" onClick={() => setThread(active)}>
          <span className="listen-spoken-count">{T.spokenComments(spoken.count)}</span>
          <span className="listen-spoken-top" dir={chapter.novel.dir}>
            {spoken.top.nickname}：{spoken.top.content}
          </span>
        </button>
      ) : null}
      {away ? (
        <button type="button" className="listen-back-to-spoken" onClick={backToSpoken}>
          {T.backToSpoken}
        </button>
      ) : null}
      {thread !== null ? (
        <CommentSheet
          key={`${chapter.id}:${thread}`}
          target={{
            novelId: chapter.novel_id,
            chapterId: chapter.id,
            paragraph: { index: thread, text: chapter.paragraphs[thread] ?? '' },
            lang: chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN',
            dir: chapter.novel.dir,
          }}
          onClose={() => setThread(null)}
          onPosted={() => undefined}
        />
      ) : null}
    </>
  );
}
