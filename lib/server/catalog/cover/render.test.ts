import { renderCoverSvg } from '../covers';
import { COVER_BADGE_ZONE } from './render';
import { layoutTitle, scriptOf } from './title-lines';

/** The text elements of an SVG: their baseline y, size and content. */
function texts(svg: string): Array<{ y: number; size: number; text: string }> {
  return Array.from(svg.matchAll(/<text [^>]*y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g), (m) => ({
    y: Number(m[1]),
    size: Number(m[2]),
    text: m[3]!,
  }));
}

const LONG = {
  zh: '重生之我在八零年代当首富还顺便拯救了整个世界的故事',
  ug: 'ئاسماندىكى يۇلتۇزلار ۋە كونا شەھەرنىڭ سىرلىرى ھەققىدە ئۇزۇن بىر ھېكايە',
  bo: 'བོད་ཀྱི་ལོ་རྒྱུས་དང་སྒྲུང་གཏམ་ཆེན་མོ་ཞེས་བྱ་བ་ཡིན་ནོ',
};

describe('generated covers and banners', () => {
  it.each(Object.entries(LONG))('set a long %s title once, in at most three lines, ending above the author', (_script, title) => {
    for (const banner of [false, 'full'] as const) {
      const svg = renderCoverSvg(7, title, '作者名', banner, null);
      const lines = texts(svg);
      const author = lines.pop()!;
      expect(author.text).toBe('作者名');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(3);
      const last = lines[lines.length - 1]!;
      // The last title line's lowest glyph (Tibetan reaches half an em below the baseline) stays above the author's top.
      expect(last.y + last.size * 0.55).toBeLessThan(author.y - author.size);
      // Clear of the status badge's corner (the badge sits between the title and the author band).
      if (!banner) {
        expect(last.y + last.size * 0.55).toBeLessThan(COVER_BADGE_ZONE.top);
        expect(author.y - author.size).toBeGreaterThanOrEqual(COVER_BADGE_ZONE.bottom);
      }
      // Inside the picture.
      expect(author.y).toBeLessThanOrEqual(banner ? 320 : 400);
    }
  });

  it('draws the banner art without any text for the carousel, which sets title and author in HTML over it', () => {
    const art = renderCoverSvg(7, LONG.zh, '作者名', 'art', '玄幻');
    expect(art).not.toContain('<text');
    expect(art).not.toContain('作者名');
    // The same art as the full banner: only the text group is left out.
    const full = renderCoverSvg(7, LONG.zh, '作者名', 'full', '玄幻');
    expect(full.startsWith(art.replace('</svg>', ''))).toBe(true);
  });

  it('draws a thumbnail cover as its art alone: no words for the browser to set, the same picture otherwise', () => {
    for (const title of Object.values(LONG)) {
      const art = renderCoverSvg(7, title, '作者名', false, '玄幻', true);
      expect(art).not.toContain('<text');
      expect(art).not.toContain('作者名');
      expect(art).toMatch(/^<svg [^>]*width="300" height="400"/);
      // Gradient, motif and the author band are the full cover's, in the same order; the title's rule goes with it.
      const full = renderCoverSvg(7, title, '作者名', false, '玄幻');
      const shapes = (svg: string) =>
        svg.replace(/<g font-family[^>]*>|<\/g>|<text[^>]*>[^<]*<\/text>|<rect x="26" y="30" width="36" height="4"[^>]*\/>/g, '');
      expect(shapes(art)).toBe(shapes(full));
    }
  });

  it('breaks Tibetan only after a tsheg and Uyghur only between words, and runs Uyghur right to left', () => {
    const bo = layoutTitle(LONG.bo, 240, 40, 22, 3);
    for (const line of bo.lines.slice(0, -1)) expect(line.endsWith('་')).toBe(true);
    const ug = layoutTitle(LONG.ug, 240, 40, 22, 3);
    const words = new Set(LONG.ug.split(' '));
    for (const line of ug.lines.slice(0, -1)) for (const w of line.split(' ')) expect(words.has(w)).toBe(true);
    expect(renderCoverSvg(3, LONG.ug, 'ئابدۇرېھىم', 'full')).toContain('direction="rtl"');
    expect(scriptOf(LONG.zh)).toBe('zh');
  });

  it('a grid of one genre does not share one colour, and genres look different', () => {
    const background = (svg: string) => /<stop offset="0" stop-color="(#[0-9a-f]+)"/.exec(svg)![1];
    const romance = [1, 2, 3, 4, 5, 6].map((id) => background(renderCoverSvg(id, '书名', '作者', false, '古代言情')));
    expect(new Set(romance).size).toBeGreaterThanOrEqual(3);
    const genres = ['玄幻', '都市', '科幻', '悬疑', '古代言情', '历史'].map((c) => background(renderCoverSvg(1, '书名', '作者', false, c)));
    expect(new Set(genres).size).toBe(genres.length);
  });

  it('escapes markup in titles', () => {
    expect(renderCoverSvg(1, '<script>&', 'a"b', false)).not.toMatch(/<script>|&(?!#)/);
  });
});
