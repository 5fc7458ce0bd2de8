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
    // While open, the element's length is not the part listed so far (it would end, or clamp a seek, there): it is
    // infinite with the listed part seekable, and the playlist's own length once it closes (ENDLIST).
    liveDurationInfinity: true,
    // The chapter markers are read from the playlist text (lib/shared/stream-playlist.ts), never as cues: no
    // metadata track, whose data: source the CSP's media-src refuses (docs/web-security.md).
    enableDateRangeMetadataCues: false,
    enableID3MetadataCues: false,
    enableEmsgMetadataCues: false,
  };
}

/**
 * Apple's WebKit (Safari, every iOS browser, the iOS messaging app): its own HLS player keeps playing, and crosses
 * chapters of the continuous stream, on a locked phone whose page is suspended (docs/listening.md "Lock screen").
 */
function appleWebKit(): boolean {
  return typeof navigator !== 'undefined' && navigator.vendor === 'Apple Computer, Inc.';
}

/**
 * Native HLS on Apple's WebKit; elsewhere hls.js, imported here on the first play so it never weighs on a page's
 * first load (native HLS too where hls.js cannot run). Chromium says it can play HLS itself (since 2025), but its
 * player takes an open (EVENT, no ENDLIST) playlist for a live one: it plays from the live edge and cannot seek
 * inside it — a tapped paragraph of the continuous stream was never reached (docs/listening.md "Continuous
 * stream"). The light build: audio needs no subtitles, alternate renditions or DRM.
 */
export const attachStream: AttachStream = (media, url, { startPosition, onFatal }) => {
  // A download (docs/offline.md "iOS"): the service worker answers it, and only hls.js's requests go through the
  // worker — Safari's own player fetches around it. On iOS 17.1+ hls.js runs on ManagedMediaSource, which needs
  // the element to opt out of AirPlay.
  const downloaded = url.startsWith('/offline/');
  if (appleWebKit() && media.canPlayType(HLS_MIME) && !downloaded) return native(media, url);
  return import('hls.js/light').then(({ default: Hls }) => {
    if (!Hls.isSupported()) return native(media, url);
    if (downloaded && 'disableRemotePlayback' in media) media.disableRemotePlayback = true;
    const hls = new Hls(hlsConfig(startPosition));
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(media as unknown as HTMLMediaElement);
    return () => hls.destroy();
  });
};
