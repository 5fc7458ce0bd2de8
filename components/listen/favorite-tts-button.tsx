'use client';

import { useEffect, useState } from 'react';
import { setAudioShelf } from '@/lib/client/actions/shelf';
import { ApiClientError } from '@/lib/client/api';
import { useFavoriteTtsStatus } from '@/lib/client/swr/use-favorite-status';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/**
 * The audio shelf (favorites_tts): its state from useFavoriteTtsStatus, toggled by setAudioShelf. The answer is the
 * listen state's is_favorited flag (false until the status is known).
 */
export function FavoriteTtsButton({ novelId }: { novelId: number }) {
  const favorited = useListenStore((s) => s.is_favorited);
  const [busy, setBusy] = useState(false);

  const { data, mutate } = useFavoriteTtsStatus(novelId);
  const known = data?.is_favorited;

  useEffect(() => {
    useListenStore.getState().patch({ is_favorited: known ?? false });
  }, [novelId, known]);

  async function toggle() {
    const next = !favorited;
    setBusy(true);
    try {
      await setAudioShelf(novelId, next);
      useListenStore.getState().patch({ is_favorited: next });
      void mutate({ is_favorited: next }, { revalidate: false });
      if (next) toast(MSG.added, { length: 'short' });
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={favorited ? 'listen-fav on' : 'listen-fav'}
      aria-pressed={favorited}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span className="listen-fav-pill">{favorited ? MSG.favoritedTts : MSG.favoriteTts}</span>
    </button>
  );
}
