import type { AttachStream, Detach, MediaLike } from './media';

const HLS_MIME = 'application/vnd.apple.mpegurl';

function native(media: MediaLike, url: string): Detach {
  media.src = url;
  return () => {
    media.removeAttribute('src');
    media.load();
  };
}

/**
 * hls.js treats an open playlist (the continuous stream while a chapter is voiced, docs/listening.md "Continuous
 * stream") as live: it would start, and after its first fragment jump, to the live edge (three target durations
 * before the playlist's end, chapters ahead of the listener), and map a seek against that edge. A listener's
 * stream has no edge to keep up with: the wanted latency is longer than any stream, so hls.js's live position is
 * the playlist's start and it loads where the element plays. Listening starts where it was left.
 */
export function hlsConfig(startPosition: number) {
  return {
    startPosition,
    backBufferLength: 60,
    liveSyncDuration: 1e9,
    liveMaxLatencyDuration: Number.POSITIVE_INFINITY,
  };
}

/**
 * Native HLS where the browser says it can play it (Safari, the iOS messaging app); elsewhere hls.js, imported
 * here on the first play so it never weighs on a page's first load. The light build: audio needs no subtitles,
 * alternate renditions or DRM.
 */
export const attachStream: AttachStream = (media, url, { startPosition, onFatal }) => {
  if (media.canPlayType(HLS_MIME)) return native(media, url);
  return import('hls.js/light').then(({ default: Hls }) => {
    if (!Hls.isSupported()) return native(media, url);
    const hls = new Hls(hlsConfig(startPosition));
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(media as unknown as HTMLMediaElement);
    return () => hls.destroy();
  });
};
