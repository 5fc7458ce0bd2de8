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
 * Native HLS where the browser says it can play it (Safari, the iOS messaging app); elsewhere hls.js, imported
 * here on the first play so it never weighs on a page's first load. The light build: audio needs no subtitles,
 * alternate renditions or DRM.
 */
export const attachStream: AttachStream = (media, url, { startPosition, onFatal }) => {
  if (media.canPlayType(HLS_MIME)) return native(media, url);
  return import('hls.js/light').then(({ default: Hls }) => {
    if (!Hls.isSupported()) return native(media, url);
    // A growing (EVENT) playlist would otherwise start at its live edge; listening starts where it was left.
    const hls = new Hls({ startPosition, backBufferLength: 60 });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(media as unknown as HTMLMediaElement);
    return () => hls.destroy();
  });
};
