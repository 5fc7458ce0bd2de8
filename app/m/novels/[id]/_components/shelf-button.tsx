'use client';

import { addToShelf } from '@/lib/client/actions/shelf';
import { memberId } from '@/lib/client/identity';
import { navigate } from '@/lib/client/navigate';
import { toast } from '@/lib/client/stores/toast-store';
import { useFavoriteStatus } from '@/lib/client/swr/use-favorite-status';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { MSG } from '@/lib/shared/messages';

/**
 * Add to shelf; signed-out readers go to login first (docs/reading.md "Shelf"), and come back here. A member sees whether the
 * book is already on their text shelf once the page (cached for everyone) has hydrated.
 */
export function ShelfButton({ novelId }: { novelId: number }) {
  const signedIn = useSignedIn();
  const { data, mutate } = useFavoriteStatus(novelId, signedIn);
  const added = data?.is_favorited ?? false;
  async function add() {
    if (!memberId()) {
      navigate.assign(`/m/login?next=${encodeURIComponent(`/m/novels/${novelId}`)}`);
      return;
    }
    await addToShelf(novelId);
    await mutate({ is_favorited: true }, { revalidate: false });
    toast(MSG.added, { length: 'short' });
  }
  return (
    <button type="button" className="button" onClick={add} disabled={added} aria-pressed={added}>
      {added ? '已在书架' : '加入书架'}
    </button>
  );
}
