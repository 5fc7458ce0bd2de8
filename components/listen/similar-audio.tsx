'use client';

import { useRef } from 'react';
import { NovelTile } from '@/components/novel/novel-tile';
import { useNearScreen } from '@/components/ui/use-near-screen';
import { useSimilarAudio } from '@/lib/client/swr/use-similar-audio';
import { MSG } from '@/lib/shared/messages';
import { novelListenHref } from '@/lib/shared/reader-links';

/**
 * GET /v1/audio/similar?nid: novels to listen to next; each opens its first chapter on the listen page. The list
 * sits below the whole chapter, so it is asked for only when the listener scrolls near it: the page's load does
 * not pay for the call, twenty tiles and their covers (docs/listening.md "Listen page").
 */
export function SimilarAudio({ novelId }: { novelId: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const near = useNearScreen(marker);
  const { data } = useSimilarAudio(near ? novelId : null);
  if (!near) return <div ref={marker} className="near-marker" aria-hidden="true" />;
  const novels = (Array.isArray(data) ? data : (data?.data ?? [])).filter((n) => n.id !== novelId && n.first_article_id);
  if (novels.length === 0) return null;
  return (
    <section className="section listen-similar" aria-labelledby="similar-title">
      <h2 className="section-title" id="similar-title">
        {MSG.similarAudio}
      </h2>
      <ul className="tile-grid">
        {novels.map((n) => (
          <NovelTile key={n.id} novel={n} href={novelListenHref(n)} />
        ))}
      </ul>
    </section>
  );
}
