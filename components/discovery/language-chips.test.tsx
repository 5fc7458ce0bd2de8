import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { LanguageChips } from './language-chips';
import { LANGUAGE_META } from '@/lib/shared/constants';

const css = fs.readFileSync(path.join(__dirname, 'language-chips.css'), 'utf8');

/** Code points of every unicode-range in the label fonts' @font-face rules. */
function coveredCodePoints(): Set<number> {
  const covered = new Set<number>();
  for (const [, list] of css.matchAll(/unicode-range:\s*([^;]+);/g)) {
    for (const item of list!.split(',')) {
      const [from, to = from] = item.trim().replace(/^U\+/i, '').split('-');
      for (let cp = parseInt(from!, 16); cp <= parseInt(to!, 16); cp++) covered.add(cp);
    }
  }
  return covered;
}

describe('language chips', () => {
  it('link each language with its native label, the current one marked', () => {
    render(<LanguageChips current={0} href={(lt) => `/m?lang=${lt}`} />);
    const nav = screen.getByRole('navigation', { name: '内容语言' });
    expect(nav).toBeInTheDocument();
    const ug = screen.getByRole('link', { name: 'ئۇيغۇرچە' });
    expect(ug).toHaveAttribute('href', '/m?lang=0');
    expect(ug).toHaveAttribute('lang', 'ug');
    expect(ug).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'བོད་ཡིག' })).toHaveAttribute('lang', 'bo');
    expect(screen.getByRole('link', { name: '中文' })).not.toHaveAttribute('aria-current');
  });

  it('have every glyph of the Uyghur and Tibetan labels in the small label fonts', () => {
    // A label changed without regenerating the fonts (language-chips.css) would fall back to the system face,
    // or to boxes on phones without it.
    const covered = coveredCodePoints();
    for (const lt of [0, 2] as const) {
      const missing = [...LANGUAGE_META[lt].label].filter((ch) => !covered.has(ch.codePointAt(0)!));
      expect({ label: LANGUAGE_META[lt].label, missing }).toEqual({ label: LANGUAGE_META[lt].label, missing: [] });
    }
  });

  it('draw those labels with the label fonts only, never the full Uyghur and Tibetan faces', () => {
    const rule = /\.chip-row \.chip:lang\(ug\),\s*\.chip-row \.chip:lang\(bo\)\s*\{\s*font-family:([^;]+);/.exec(css);
    expect(rule?.[1]).toBeDefined();
    expect(rule![1]).toContain('Shusheng Language Labels');
    expect(rule![1]).not.toMatch(/Shusheng (Arabic|Tibetan)/);
  });
});
