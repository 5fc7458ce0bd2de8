import { playlistDurations, renderPlaylist, withSegmentQuery } from './playlist';

describe('renderPlaylist', () => {
  const segments = [
    { index: 0, duration: 6.037 },
    { index: 1, duration: 5.991 },
  ];

  it('is a growing EVENT playlist that starts at the beginning while synthesis runs', () => {
    const text = renderPlaylist(segments, false);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(text).toContain('#EXT-X-START:TIME-OFFSET=0');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(
      text
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('#')),
    ).toEqual(['0.ts', '1.ts']);
  });

  it('is a VOD playlist with ENDLIST once complete, durations from the segments', () => {
    const text = renderPlaylist(segments, true);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text).toContain('#EXT-X-TARGETDURATION:6');
    expect(playlistDurations(text)).toEqual([6.037, 5.991]);
  });

  it('puts the signature on every segment URI and nowhere else', () => {
    const signed = withSegmentQuery(renderPlaylist(segments, true), 'v=ab&m=1&e=2&s=ff');
    expect(signed).toContain('\n0.ts?v=ab&m=1&e=2&s=ff\n');
    expect(signed).toContain('\n1.ts?v=ab&m=1&e=2&s=ff\n');
    expect(signed.split('\n').filter((l) => l.startsWith('#') && l.includes('?'))).toEqual([]);
  });
});
