'use client';

import { useOwned } from '@/lib/client/swr/use-purchases';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * 购买全本 on the novel page, or 已购全本 once the member owns the book. The page is cached for everyone, so the
 * ownership is asked after hydration; both labels are four characters in the same button, so nothing moves.
 */
export function WholeBookButton({ novelId, price }: { novelId: number; price: number }) {
  const signedIn = useSignedIn();
  const { data, mutate } = useOwned(novelId, signedIn);
  const owned = data?.whole_book ?? false;
  const open = () => useModalStore.getState().open('novel-buy', { novelId, price, onDone: () => void mutate() });
  return (
    <button type="button" className="button" onClick={open} disabled={owned}>
      {owned ? '已购全本' : '购买全本'}
    </button>
  );
}
