import { PREVIEW_SECONDS, previewSegments, previewSeconds, teaserEnd } from './preview-cap';

const six = (n: number) => Array.from({ length: n }, (_, index) => ({ index, duration: 6 }));

describe('preview cap (docs/listening.md "Preview of a locked chapter")', () => {
  it('the teaser ends where the second paragraph starts; a one-paragraph chapter is all teaser', () => {
    expect(teaserEnd([0, 20.5, 40], 60)).toBe(20.5);
    expect(teaserEnd([0], 12)).toBe(12);
  });

  it('takes whole segments inside the teaser, never one straddling the second paragraph', () => {
    const segs = previewSegments(six(10), [0, 20.5], 60);
    expect(segs.map((s) => s.index)).toEqual([0, 1, 2]); // 18 s; the 4th segment would end at 24 s > 20.5 s
    expect(previewSeconds(segs)).toBe(18);
  });

  it('stops at 30 s when the first paragraph is longer', () => {
    const segs = previewSegments(six(20), [0, 100], 120);
    expect(segs.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    expect(previewSeconds(segs)).toBe(PREVIEW_SECONDS);
    // A configured shorter limit covers its time with whole segments, the player stops at the limit.
    expect(previewSegments(six(20), [0, 100], 120, 10).map((s) => s.index)).toEqual([0, 1]);
    expect(previewSeconds(previewSegments(six(20), [0, 100], 120, 10), 10)).toBe(10);
  });

  it('a teaser shorter than one segment gives no preview', () => {
    expect(previewSegments(six(3), [0, 4], 18)).toEqual([]);
  });
});
