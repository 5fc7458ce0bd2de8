import { parseBusinessTime } from '@/lib/shared/business-time';
import { CODES } from '@/lib/shared/dto/envelope';
import type { ListPage, ReadLogItem } from '@/lib/shared/dto/shelf';
import { api, ApiClientError } from './api';
import { clearMember, memberId } from './identity';
import { LOCAL_HISTORY_KEY } from './local-history-key';

/**
 * Reading history kept in the browser for readers who are not signed in, handed to their account once they
 * sign in. One entry per novel (its newest position), newest first.
 */
export interface LocalEntry {
  nid: number;
  /** Chapter id. */
  aid: number;
  /** Paragraph index (the reader's `#p{idx}`). */
  idx: number;
  /** Novel title. */
  title: string;
  /** Chapter title. */
  article: string;
  thumb: string;
  /** Epoch milliseconds. */
  readAt: number;
  /** Chapter number, for "第N章" when the reader knows it. */
  article_idx?: number;
}

export { LOCAL_HISTORY_KEY };
export const LOCAL_HISTORY_MAX = 50;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Some in-app browsers throw on localStorage in private mode: history is then simply not kept.
    return null;
  }
}

const isEntry = (e: unknown): e is LocalEntry => {
  const r = e as Record<string, unknown> | null;
  return (
    !!r &&
    typeof r === 'object' &&
    Number.isInteger(r.nid) &&
    Number.isInteger(r.aid) &&
    Number.isInteger(r.idx) &&
    typeof r.readAt === 'number'
  );
};

function read(): LocalEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(LOCAL_HISTORY_KEY) ?? '[]');
    // Anything another version or a hand edit left there is dropped rather than trusted.
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(entries: LocalEntry[]): void {
  try {
    if (entries.length) storage()?.setItem(LOCAL_HISTORY_KEY, JSON.stringify(entries));
    else storage()?.removeItem(LOCAL_HISTORY_KEY);
  } catch {
    // Quota exceeded: losing local history is better than breaking the reader.
  }
}

/** The reader's position in a novel: replaces that novel's older entry and moves it to the front. */
export function recordLocal(entry: Omit<LocalEntry, 'readAt'> & { readAt?: number }): void {
  const next: LocalEntry = { ...entry, readAt: entry.readAt ?? Date.now() };
  write([next, ...read().filter((e) => e.nid !== next.nid)].slice(0, LOCAL_HISTORY_MAX));
}

/** The stored text as is: a cheap, comparable snapshot for React to watch. */
export function localHistoryRaw(): string {
  try {
    return storage()?.getItem(LOCAL_HISTORY_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Newest first. */
export function listLocal(): LocalEntry[] {
  return read();
}

export function removeLocal(nids: number[]): void {
  const drop = new Set(nids);
  write(read().filter((e) => !drop.has(e.nid)));
}

// The server formats readAt in business time, to the minute.
const serverTime = (readAt: string) => parseBusinessTime(readAt)?.getTime() ?? NaN;

// The server will never accept these entries (chapter gone, malformed): retrying them would block the rest.
const PERMANENT = new Set<number>([CODES.validation, CODES.notFound, CODES.offShelf]);

let running: Promise<number> | null = null;

/**
 * Once a member is signed in (the readable member id cookie), posts the local entries to their account oldest
 * first — so the newest ends up newest there too — and removes each one the server took. A position the
 * account already has from the same minute or later (read further on another device) wins over the local one.
 * A transient failure stops the run and keeps the rest, in order, for the next call. Resolves to the number
 * posted; concurrent calls share one run.
 */
export function syncLocalHistory(): Promise<number> {
  if (!memberId() || !read().length) return Promise.resolve(0);
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run(): Promise<number> {
  const entries = read().reverse();
  let newestOnServer: Map<number, number>;
  try {
    const page = await api<ListPage<ReadLogItem>>('/v1/my/readlogs', { query: { start: 0, limit: 100 }, silent: true });
    newestOnServer = new Map();
    for (const item of page.data) newestOnServer.set(item.nid, Math.max(newestOnServer.get(item.nid) ?? 0, serverTime(item.readAt)));
  } catch (err) {
    // The cookie outlived the session: forget it (docs/reading.md "Local history") so later pages do not try again; entries stay.
    if (err instanceof ApiClientError && err.code === CODES.notLoggedIn) clearMember();
    return 0;
  }
  const done: LocalEntry[] = [];
  let posted = 0;
  for (const entry of entries) {
    const minute = Math.floor(entry.readAt / 60_000) * 60_000;
    if ((newestOnServer.get(entry.nid) ?? -1) >= minute) {
      done.push(entry);
      continue;
    }
    try {
      await api('/v1/my/readlogs', { method: 'POST', body: { article_id: entry.aid, read_type: 1, idx: entry.idx }, silent: true });
      done.push(entry);
      posted++;
    } catch (err) {
      if (err instanceof ApiClientError && PERMANENT.has(err.code)) {
        done.push(entry);
        continue;
      }
      if (err instanceof ApiClientError && err.code === CODES.notLoggedIn) clearMember();
      break;
    }
  }
  // Only what was handled goes: the reader may have recorded a newer position meanwhile.
  const handled = new Set(done.map((e) => `${e.nid}:${e.readAt}`));
  write(read().filter((e) => !handled.has(`${e.nid}:${e.readAt}`)));
  return posted;
}
