'use client';

import { NovelTile } from '@/components/novel/novel-tile';
import { useSimilarAudio } from '@/lib/client/swr/use-similar-audio';
import { MSG } from '@/lib/shared/messages';
import { novelListenHref } from '@/lib/shared/reader-links';

/**
 * GET /v1/audio/similar?nid: novels to listen to next; each opens its first chapter on the listen page. Mounted by
 * SimilarAudioSlot once the listener nears the end of the chapter.
 */
export default function SimilarAudio({ novelId }: { novelId: number }) {
  const { data } = useSimilarAudio(novelId);
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
