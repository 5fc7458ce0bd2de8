import type { ReadType } from '@/lib/shared/dto/shelf';
import { api } from '../api';

/** The shelf's and the reading history's writes (docs/reading.md "Shelf"). */

/** POST /v1/favorites: the novel onto the member's text shelf. */
export const addToShelf = (novelId: number) => api('/v1/favorites', { method: 'POST', body: { nid: novelId, read_type: 1 } });

/** POST /v1/favorites_tts / DELETE /v1/favorites?read_type=2: the novel onto or off the audio shelf. */
export function setAudioShelf(novelId: number, on: boolean): Promise<unknown> {
  return on
    ? api('/v1/favorites_tts', { method: 'POST', body: { nid: novelId, read_type: 2 } })
    : api('/v1/favorites', { method: 'DELETE', query: { nid: novelId, read_type: 2 } });
}

/** Which list an edit removes from: the shelf (favorites) or the reading history (readlogs). */
export type ShelfListKind = 'favorites' | 'readlogs';

// The batch calls take at most 100 ids (lib/shared/schemas/reading.ts).
export const REMOVE_BATCH = 100;

const REMOVE = {
  favorites: { text: '/v1/favorites/batch', audio: '/v1/tts/favorites_tts/batch', param: 'nids' },
  readlogs: { text: '/v1/my/readlogs/batch', audio: '/v1/my/readlogs_tts/batch', param: 'novel_ids' },
} as const;

/**
 * Removes novels from the shelf or the history of one read type, REMOVE_BATCH ids a call, one call after the other.
 * A failing call stops there and throws (the error catalogue has told the reader); the batches before it stay removed.
 */
export async function removeFromList(kind: ShelfListKind, readType: ReadType, ids: number[]): Promise<void> {
  const { text, audio, param } = REMOVE[kind];
  const path = readType === 2 ? audio : text;
  for (let i = 0; i < ids.length; i += REMOVE_BATCH) {
    await api(path, { method: 'DELETE', query: { [param]: ids.slice(i, i + REMOVE_BATCH).join(',') } });
  }
}
