'use client';

import type { CatalogEntry } from '@/lib/shared/dto/catalog';
import type { Owned } from '@/lib/client/swr/use-purchases';

/**
 * A chapter list's mark: 免费, 已购 (bought one by one, in a batch, or with the whole book), or the price. The lists are
 * public; `owned` comes from the member's own call once known (docs/wallet.md "Batch buying").
 */
export function ChapterMark({ entry, owned }: { entry: CatalogEntry; owned: Owned | undefined }) {
  if (entry.is_free) return <span className="free-mark">免费</span>;
  if (owned && (owned.whole_book || owned.chapter_ids.includes(entry.id))) return <span className="owned-mark">已购</span>;
  return (
    <span className="paid-mark" aria-label="付费章节">
      {entry.price}币
    </span>
  );
}
