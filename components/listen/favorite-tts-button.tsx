'use client';

import { useEffect, useState } from 'react';
import { api, ApiClientError } from '@/lib/client/api';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/**
 * The audio shelf (favorites_tts): GET /v1/novels/{nid}/favorite_tts_status, then POST /v1/favorites_tts or
 * DELETE /v1/favorites?nid&read_type=2. The answer is the listen state's is_favorited flag.
 */
export function FavoriteTtsButton({ novelId }: { novelId: number }) {
  const favorited = useListenStore((s) => s.is_favorited);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    useListenStore.getState().patch({ is_favorited: false });
    api<{ is_favorited: boolean }>(`/v1/novels/${novelId}/favorite_tts_status`, { silent: true }).then(
      (r) => {
        if (live) useListenStore.getState().patch({ is_favorited: r.is_favorited });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [novelId]);

  async function toggle() {
    const next = !favorited;
    setBusy(true);
    try {
      if (next) await api('/v1/favorites_tts', { method: 'POST', body: { nid: novelId, read_type: 2 } });
      else await api('/v1/favorites', { method: 'DELETE', query: { nid: novelId, read_type: 2 } });
      useListenStore.getState().patch({ is_favorited: next });
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
