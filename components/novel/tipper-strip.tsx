'use client';

import type { TopTipperDto as TopTipper } from '@/lib/shared/dto/fans-page';
import { useTopTippers } from '@/lib/client/swr/use-rewards';
import { TopTippers } from './top-tippers';

/**
 * The novel page's 打赏榜 strip. The page is cached for everyone, so the server's three tippers are only the first
 * paint: the strip reads the same SWR key the gift modal revalidates after a tip (refreshAfterTip), and the tipper
 * sees their own sum at once (docs/gifts-votes-pages.md "Novel page strip").
 */
export function TipperStrip({ novelId, initial }: { novelId: number; initial: TopTipper[] }) {
  const { data } = useTopTippers(novelId, initial);
  const tippers = data ?? initial;
  return (
    <div data-testid="tipper-strip">
      {tippers.length ? (
        <TopTippers tippers={tippers} variant="row" />
      ) : (
        <p className="muted small">还没有人打赏，快来做第一个支持作者的书友吧</p>
      )}
    </div>
  );
}
