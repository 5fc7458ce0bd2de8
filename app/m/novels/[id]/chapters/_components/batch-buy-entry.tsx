'use client';

import type { CatalogEntry } from '@/lib/shared/dto/catalog';
import type { Owned } from '@/lib/client/swr/use-purchases';
import { loginUrlHere } from '@/lib/client/login-here';
import { navigate } from '@/lib/client/navigate';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * The chapter that a batch bought from this list starts at: the earliest paid chapter shown that the member does not
 * own yet (the sheet itself skips anything owned further on), else the earliest paid chapter shown; null when the
 * shown chapters are all free.
 */
export function batchStart(shown: CatalogEntry[], owned: Owned | undefined): number | null {
  const paid = shown.filter((c) => !c.is_free).sort((a, b) => a.idx - b.idx);
  const open = owned ? paid.filter((c) => !owned.whole_book && !owned.chapter_ids.includes(c.id)) : paid;
  return (open[0] ?? paid[0])?.id ?? null;
}

/**
 * 批量购买 on the chapter list (docs/wallet.md "Batch buying"): always rendered for a novel sold by chapter, so it
 * takes its place with the page and nothing moves when the member's purchases arrive; a tap opens the batch sheet
 * from the earliest chapter shown still to buy, or sends a signed-out reader to sign in first.
 */
export function BatchBuyEntry({
  novelId,
  shown,
  owned,
  signedIn,
}: {
  novelId: number;
  shown: CatalogEntry[];
  owned: Owned | undefined;
  signedIn: boolean;
}) {
  const start = batchStart(shown, owned);
  if (start === null) return null;
  return (
    <button
      type="button"
      className="button button-block catalog-batch"
      onClick={() => {
        if (!signedIn) navigate.assign(loginUrlHere());
        else useModalStore.getState().open('batch-buy', { novelId, articleId: start });
      }}
    >
      批量购买
    </button>
  );
}
