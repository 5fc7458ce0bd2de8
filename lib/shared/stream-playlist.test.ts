import { chapterAt, parseStreamPlaylist, streamTimeOf, streamUrlOf } from './stream-playlist';

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:EVENT',
  '#EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:00.000Z',
  '#EXT-X-DATERANGE:ID="chapter-11",CLASS="cn.shusheng.chapter",START-DATE="2000-01-01T00:00:00.000Z",X-CHAPTER-ID="11"',
  '#EXTINF:6.000,',
  '/audio/11/0.ts?v=aa&m=9&e=100&s=ab',
  '#EXTINF:4.500,',
  '/audio/11/1.ts?v=aa&m=9&e=100&s=ab',
  '#EXT-X-DISCONTINUITY',
  '#EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:10.500Z',
  '#EXT-X-DATERANGE:ID="chapter-12",CLASS="cn.shusheng.chapter",START-DATE="2000-01-01T00:00:10.500Z",X-CHAPTER-ID="12"',
  '#EXTINF:6.000,',
  '/audio/12/0.ts?v=bb&m=9&e=100&s=cd',
  '#EXTINF:2.000,',
  '/audio/12/1.ts?v=bb&m=9&e=100&s=cd',
  '#EXT-X-ENDLIST',
].join('\n');

describe('the continuous stream playlist, read back', () => {
  it('maps each chapter marker to its start and length in the stream, with its own signature', () => {
    const map = parseStreamPlaylist(PLAYLIST);
    expect(map.open).toBe(false);
    expect(map.chapters).toEqual([
      { id: 11, start: 0, duration: 10.5, query: 'm=9&e=100&s=ab' },
      { id: 12, start: 10.5, duration: 8, query: 'm=9&e=100&s=cd' },
    ]);
    expect(parseStreamPlaylist(PLAYLIST.replace('#EXT-X-ENDLIST', '')).open).toBe(true);
  });

  it("keeps the voice a chapter's signature covers (v with a colon), never an old URI's version", () => {
    const voiced = PLAYLIST.replaceAll('?v=aa&m=9&e=100&s=ab', '?a=aa&m=9&e=100&s=ab&v=espeak-ng%3Acmn');
    expect(parseStreamPlaylist(voiced).chapters.map((c) => c.query)).toEqual(['m=9&e=100&s=ab&v=espeak-ng%3Acmn', 'm=9&e=100&s=cd']);
  });

  it('stream time → (chapter, seconds into it); a boundary belongs to the chapter starting there', () => {
    const map = parseStreamPlaylist(PLAYLIST);
    expect(chapterAt(map, 0)).toMatchObject({ index: 0, chapter: { id: 11 }, offset: 0 });
    expect(chapterAt(map, 10.4)!.chapter.id).toBe(11);
    expect(chapterAt(map, 10.5)).toMatchObject({ index: 1, chapter: { id: 12 }, offset: 0 });
    expect(chapterAt(map, 13)!.offset).toBeCloseTo(2.5);
    // Past the end (the element's last frame): still the last chapter.
    expect(chapterAt(map, 99)).toMatchObject({ chapter: { id: 12 } });
    expect(chapterAt({ chapters: [], open: true }, 3)).toBeNull();
    expect(streamTimeOf(map, 12, 2)).toBe(12.5);
    expect(streamTimeOf(map, 13, 2)).toBeNull();
  });

  it('a plain chapter playlist is one chapter of unknown id', () => {
    const map = parseStreamPlaylist('#EXTM3U\n#EXTINF:6.000,\n0.ts?v=a\n#EXTINF:1.000,\n1.ts?v=a\n');
    expect(map.chapters).toEqual([{ id: 0, start: 0, duration: 7, query: null }]);
  });

  it('the stream address of a signed chapter address keeps its signature and names the limit', () => {
    expect(streamUrlOf('/audio/11/index.m3u8?m=9&e=100&s=ab', 3)).toBe('/audio/11/stream.m3u8?m=9&e=100&s=ab&n=3');
    expect(streamUrlOf('/audio/11/index.m3u8?m=9&e=100&s=ab', -1)).toBe('/audio/11/stream.m3u8?m=9&e=100&s=ab&n=-1');
    expect(streamUrlOf('/somewhere/else', 3)).toBeNull();
  });
});
