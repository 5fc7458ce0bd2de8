import 'server-only';
import { SEGMENT_SECONDS } from './hls-encoder';

export interface PlaylistSegment {
  index: number;
  duration: number;
}

/**
 * The chapter's media playlist. While synthesis runs it is an EVENT playlist without ENDLIST (players reload it
 * and find new segments at the end) that asks to start at the beginning, not at the live edge; once the chapter
 * is finished it is a VOD playlist with ENDLIST. Segment URIs are relative (`0.ts`); the server adds the
 * listener's signature when it serves the playlist.
 */
export function renderPlaylist(segments: PlaylistSegment[], complete: boolean): string {
  const target = Math.max(SEGMENT_SECONDS, ...segments.map((s) => Math.round(s.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    `#EXT-X-PLAYLIST-TYPE:${complete ? 'VOD' : 'EVENT'}`,
    ...(complete ? [] : ['#EXT-X-START:TIME-OFFSET=0,PRECISE=YES']),
  ];
  for (const s of segments) lines.push(`#EXTINF:${s.duration.toFixed(3)},`, `${s.index}.ts`);
  if (complete) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Appends a query string to every segment URI of a playlist (relative URIs do not inherit the playlist's). */
export function withSegmentQuery(playlist: string, query: string): string {
  return playlist.replace(/^([^#\n][^\n]*)$/gm, (uri) => `${uri}${uri.includes('?') ? '&' : '?'}${query}`);
}

/** Segment durations from a playlist's EXTINF lines. */
export function playlistDurations(playlist: string): number[] {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
}
