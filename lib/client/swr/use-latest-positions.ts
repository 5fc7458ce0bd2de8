'use client';

import { useMemo, useSyncExternalStore } from 'react';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { useSignedIn } from '../use-signed-in';
import { useReadlogs } from './use-readlogs';
import { listLocal, localHistoryRaw, type LocalEntry } from '../local-history';

/** A place to go back to, for home's 继续阅读 card (docs/reading.md "Home's 继续阅读"). */
export interface CardPosition {
  nid: number;
  aid: number;
  idx: number;
  /** Seconds into the audio (listening). */
  time: number | null;
  chapter: number | null;
  /** The novel's chapter count, when known: the card's progress. */
  count: number | null;
  title: string;
  article: string;
  thumb: string;
}

const onStorage = (notify: () => void) => {
  window.addEventListener('storage', notify);
  return () => window.removeEventListener('storage', notify);
};

const fromLog = (log: ReadLogItem): CardPosition => ({
  ...{ nid: log.nid, aid: log.aid, idx: log.read_type === 1 ? log.idx : 0, time: log.time_track },
  ...{ chapter: log.article_idx || null, count: log.count || null, title: log.title, article: log.article, thumb: log.thumb },
});

const fromLocal = (e: LocalEntry): CardPosition => ({
  ...{ nid: e.nid, aid: e.aid, idx: e.idx, time: null, chapter: e.article_idx ?? null, count: null },
  ...{ title: e.title, article: e.article, thumb: e.thumb },
});

/**
 * The newest reading position (the account's, else this browser's local history) and the member's newest
 * listening one. `settled` once what there is to know is known (a guest at once).
 */
export function useLatestPositions(): { read: CardPosition | null; listen: CardPosition | null; settled: boolean } {
  const signedIn = useSignedIn();
  const reading = useReadlogs(signedIn, { limit: 1, readType: 1 });
  const listening = useReadlogs(signedIn, { limit: 1, readType: 2 });
  const raw = useSyncExternalStore(onStorage, localHistoryRaw, () => '');
  const local = useMemo(() => (raw ? listLocal()[0] : undefined), [raw]);
  const log = reading.data?.data[0];
  const heard = listening.data?.data[0];
  return {
    read: log ? fromLog(log) : local ? fromLocal(local) : null,
    listen: heard ? fromLog(heard) : null,
    settled: !signedIn || (reading.data !== undefined && listening.data !== undefined) || Boolean(reading.error),
  };
}
