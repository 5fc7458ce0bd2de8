'use client';

import { useMemo, useSyncExternalStore } from 'react';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { useSignedIn } from '../use-signed-in';
import { useNovelReadlog } from './use-readlogs';
import { listLocal, localHistoryRaw, type LocalEntry } from '../local-history';

/** Where a reader is in a novel, from the account's read log or this browser's local history. */
export interface Position {
  nid: number;
  aid: number;
  /** Paragraph to scroll to; 0 for a listening position (it opens the chapter's top). */
  idx: number;
  /** Chapter number when known. */
  chapter: number | null;
  title: string;
}

const onStorage = (notify: () => void) => {
  window.addEventListener('storage', notify);
  return () => window.removeEventListener('storage', notify);
};

/** This browser's history, newest first; empty during the server render. */
function useLocalHistory() {
  // The raw string is the snapshot: a stable value React can compare, parsed only when it changes.
  const raw = useSyncExternalStore(onStorage, localHistoryRaw, () => '');
  return useMemo(() => (raw ? listLocal() : []), [raw]);
}

const fromLog = (log: ReadLogItem): Position => ({
  nid: log.nid,
  aid: log.aid,
  idx: log.read_type === 1 ? log.idx : 0,
  chapter: log.article_idx ?? null,
  title: log.title,
});

const fromLocal = (e: LocalEntry): Position => ({ nid: e.nid, aid: e.aid, idx: e.idx, chapter: e.article_idx ?? null, title: e.title });

/** The position in one novel (novel page): the account's newest of reading and listening, else local history. */
export function useNovelPosition(novelId: number): Position | null {
  const signedIn = useSignedIn();
  const { data } = useNovelReadlog(novelId, signedIn);
  const local = useLocalHistory().find((e) => e.nid === novelId);
  if (data) return fromLog(data);
  return local ? fromLocal(local) : null;
}
