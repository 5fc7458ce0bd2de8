'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { memberId } from '@/lib/client/identity';
import { deleteChapters, indexBytes, readIndex, type DownloadIndex } from '@/lib/client/offline/downloads';
import { offlinePlaylistKey } from '@/lib/client/offline/keys';
import { recheckNow } from '@/lib/client/offline/recheck';
import { formatBytes, OFFLINE_TEXT } from '@/lib/shared/offline-text';

type Detach = () => void;

/**
 * Plays a downloaded chapter from its stable address through hls.js, whose requests the service worker answers
 * from the cache — also where the browser could play HLS itself, because a browser's own HLS player does not ask
 * the worker (iOS Safari). hls.js uses MediaSource, or ManagedMediaSource on iOS 17.1+; without either there is
 * no offline audio, and the page says so (docs/offline.md "iOS").
 */
async function attachOffline(media: HTMLAudioElement, aid: number, onFatal: () => void): Promise<Detach | null> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  // ManagedMediaSource plays only when the element opts out of remote playback (AirPlay).
  media.disableRemotePlayback = true;
  const hls = new Hls({ backBufferLength: 60 });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(offlinePlaylistKey(aid));
  hls.attachMedia(media);
  return () => hls.destroy();
}

export function DownloadsView() {
  const [index, setIndex] = useState<DownloadIndex | null>(null);
  const [quota, setQuota] = useState<{ usage: number; quota: number } | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const detach = useRef<Detach | null>(null);
  const id = Number(memberId()) || 0;

  const load = useCallback(async () => {
    if (!id || typeof caches === 'undefined') return setIndex({ novels: [] });
    setIndex(await readIndex({ caches, fetch: window.fetch.bind(window) }, id));
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    if (estimate?.quota) setQuota({ usage: estimate.usage ?? 0, quota: estimate.quota });
  }, [id]);

  useEffect(() => {
    setOffline(!navigator.onLine);
    // Online, the player's code is fetched now (into the worker's cache), so it is there when offline.
    if (navigator.onLine) void import('hls.js/light').catch(() => undefined);
    void (async () => {
      // Online, the list is first re-checked with the server: nothing is shown that may no longer be opened.
      if (navigator.onLine) await recheckNow();
      await load();
    })();
    const on = () => setOffline(!navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
      detach.current?.();
    };
  }, [load]);

  async function play(aid: number) {
    const media = audio.current;
    if (!media) return;
    if (playing === aid) {
      media.pause();
      setPlaying(null);
      return;
    }
    detach.current?.();
    detach.current = null;
    setNotice(null);
    const attached = await attachOffline(media, aid, () => setNotice(OFFLINE_TEXT.playFailed));
    if (!attached) {
      setNotice(OFFLINE_TEXT.iosNoOffline);
      return;
    }
    detach.current = attached;
    setPlaying(aid);
    await media.play().catch(() => setNotice(OFFLINE_TEXT.playFailed));
  }

  async function remove(aids: number[]) {
    if (aids.includes(playing ?? 0)) {
      detach.current?.();
      setPlaying(null);
    }
    await deleteChapters({ caches, fetch: window.fetch.bind(window) }, id, aids);
    await load();
  }

  if (!index) return null;
  const used = indexBytes(index);
  return (
    <div className="downloads">
      {offline ? <p className="downloads-notice">{OFFLINE_TEXT.offlineNow}</p> : null}
      {notice ? (
        <p className="downloads-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <p className="downloads-summary" data-testid="downloads-used">
        {OFFLINE_TEXT.storageUsed(formatBytes(used))}
        {quota ? ` · ${OFFLINE_TEXT.storageQuota(formatBytes(quota.usage), formatBytes(quota.quota))}` : null}
      </p>
      {!index.novels.length ? <p className="muted">{OFFLINE_TEXT.empty}</p> : null}
      {index.novels.map((novel) => (
        <section key={novel.novel_id} className="downloads-novel" aria-label={novel.title}>
          <div className="downloads-novel-head">
            <h2>{novel.title}</h2>
            <button type="button" className="button" onClick={() => remove(novel.chapters.map((c) => c.article_id))}>
              {OFFLINE_TEXT.deleteNovel}
            </button>
          </div>
          <ul>
            {novel.chapters.map((c) => (
              <li key={c.article_id} className="downloads-chapter" data-testid={`download-${c.article_id}`}>
                <span className="downloads-chapter-title">
                  {c.title}
                  <br />
                  <span className="downloads-chapter-meta">
                    {formatBytes(c.bytes)}
                    {c.duration ? ` · ${Math.round(c.duration / 60)} 分钟` : ` · ${OFFLINE_TEXT.textOnlyBadge}`}
                  </span>
                </span>
                {/* A plain link: offline, the worker answers the navigation with the kept reader page. */}
                <a className="button" href={`/m/read/${c.article_id}`}>
                  {OFFLINE_TEXT.read}
                </a>
                {c.duration ? (
                  <button type="button" className="button" onClick={() => play(c.article_id)} aria-pressed={playing === c.article_id}>
                    {playing === c.article_id ? OFFLINE_TEXT.pause : OFFLINE_TEXT.play}
                  </button>
                ) : null}
                <button type="button" className="button" onClick={() => remove([c.article_id])}>
                  {OFFLINE_TEXT.delete}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <audio ref={audio} data-testid="offline-audio" onEnded={() => setPlaying(null)} hidden />
    </div>
  );
}
