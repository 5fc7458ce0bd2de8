import { useListenStore, type ListenState } from '../stores/listen-store';
import type { ListenController } from './controller';

type Controls = Pick<ListenController, 'play' | 'pause' | 'skip' | 'seek' | 'previous' | 'next'>;

const SKIP_SECONDS = 15;

function artworkType(src: string): string {
  if (src.endsWith('.svg')) return 'image/svg+xml';
  if (src.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}

function metadataOf(s: ListenState): MediaMetadataInit | null {
  if (!s.novel) return null;
  const src = new URL(s.novel.thumb, window.location.href).href;
  return {
    title: s.chapterTitle || s.novel.title,
    artist: s.novel.author,
    album: s.novel.title,
    artwork: [{ src, sizes: '512x512', type: artworkType(src) }],
  };
}

/**
 * The lock screen and headsets (Media Session): title, artist and cover art of what is playing, with
 * play/pause, 15 s seeks, seek-to and previous/next chapter. Returns the undo.
 */
export function bindMediaSession(controls: Controls): () => void {
  const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
  if (!session || typeof MediaMetadata === 'undefined') return () => undefined;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => controls.play()],
    ['pause', () => controls.pause()],
    ['seekbackward', (d) => controls.skip(-(d.seekOffset ?? SKIP_SECONDS))],
    ['seekforward', (d) => controls.skip(d.seekOffset ?? SKIP_SECONDS)],
    [
      'seekto',
      (d) => {
        if (d.seekTime !== undefined) controls.seek(d.seekTime);
      },
    ],
    ['previoustrack', () => void controls.previous()],
    ['nexttrack', () => void controls.next()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
  let shown = '';
  const update = (s: ListenState) => {
    const meta = metadataOf(s);
    const key = JSON.stringify(meta);
    if (meta && key !== shown) {
      shown = key;
      session.metadata = new MediaMetadata(meta);
    }
    session.playbackState = s.playing ? 'playing' : 'paused';
  };
  update(useListenStore.getState());
  const unsubscribe = useListenStore.subscribe((s, prev) => {
    if (s.novel !== prev.novel || s.chapterTitle !== prev.chapterTitle || s.playing !== prev.playing) update(s);
  });
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  };
}
