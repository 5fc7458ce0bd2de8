'use client';

import { useState } from 'react';
import { api } from '@/lib/client/api';
import { memberId } from '@/lib/client/identity';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/** Add to shelf; signed-out readers go to login first (spec §5), and come back here. */
export function ShelfButton({ novelId }: { novelId: number }) {
  const [added, setAdded] = useState(false);
  async function add() {
    if (!memberId()) {
      window.location.assign(`/m/login?next=${encodeURIComponent(`/m/novels/${novelId}`)}`);
      return;
    }
    await api('/v1/favorites', { method: 'POST', body: { nid: novelId, read_type: 1 } });
    setAdded(true);
    toast(MSG.added, { length: 'short' });
  }
  return (
    <button type="button" className="button" onClick={add} disabled={added} aria-pressed={added}>
      {added ? '已在书架' : '加入书架'}
    </button>
  );
}
