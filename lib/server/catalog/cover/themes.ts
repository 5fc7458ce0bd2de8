import 'server-only';

/**
 * Generated covers' looks by genre (docs/catalogue.md "Covers"): each theme has several palettes — a grid of one
 * genre does not come out in one colour — and a motif drawn behind the title. Categories are matched by name in
 * all three languages; an unknown one falls back to a theme chosen by the novel id.
 */
export type Motif = 'peaks' | 'skyline' | 'orbit' | 'moon' | 'blossom' | 'roofs' | 'rays' | 'spiral' | 'waves';

export interface Theme {
  motif: Motif;
  /** [dark, light, accent] per palette. */
  palettes: ReadonlyArray<readonly [string, string, string]>;
}

const THEMES: Record<string, Theme> = {
  fantasy: {
    motif: 'peaks',
    palettes: [
      ['#1b1f3b', '#3f4a8a', '#f2c14e'],
      ['#2b1a3f', '#6b3fa0', '#ffd166'],
      ['#0f2a3a', '#22577a', '#80ed99'],
    ],
  },
  wuxia: {
    motif: 'peaks',
    palettes: [
      ['#1f2a24', '#4a6654', '#e9d8a6'],
      ['#2a2421', '#6b5b4e', '#d9a441'],
      ['#17313b', '#3d6e7a', '#f4e4c1'],
    ],
  },
  city: {
    motif: 'skyline',
    palettes: [
      ['#101828', '#344b77', '#ffb703'],
      ['#1d1b2f', '#4c3b6e', '#ff7a90'],
      ['#0b2530', '#1f6f78', '#ffd166'],
    ],
  },
  history: {
    motif: 'roofs',
    palettes: [
      ['#3b1f14', '#8c3b24', '#f2cc8f'],
      ['#2f2417', '#7a5a2e', '#e9c46a'],
      ['#3a1420', '#7d2e3e', '#f4d35e'],
    ],
  },
  scifi: {
    motif: 'orbit',
    palettes: [
      ['#050b1f', '#1f3c88', '#5eead4'],
      ['#120a24', '#4b2a86', '#a5b4fc'],
      ['#04141c', '#0e5e6f', '#f0abfc'],
    ],
  },
  mystery: {
    motif: 'moon',
    palettes: [
      ['#0d1117', '#2b3a4a', '#e5e7eb'],
      ['#1a1423', '#3d2c4e', '#c9ada7'],
      ['#101f1a', '#2d4a3e', '#d8f3dc'],
    ],
  },
  romance: {
    motif: 'blossom',
    palettes: [
      ['#7a2848', '#e07a9b', '#fff1f2'],
      ['#5b2a5f', '#c06c9a', '#ffe5ec'],
      ['#8a3b3b', '#e8a0a0', '#fff4e6'],
    ],
  },
  youth: {
    motif: 'rays',
    palettes: [
      ['#1e6091', '#76c8e8', '#fffbe6'],
      ['#2a7f62', '#8fd3b6', '#fff7d6'],
      ['#6a4c93', '#b8a1e3', '#fff0f6'],
    ],
  },
  rebirth: {
    motif: 'spiral',
    palettes: [
      ['#2d1e4f', '#7b4fb3', '#ffd6a5'],
      ['#143d59', '#3f88a5', '#f4b860'],
      ['#4a1942', '#a23b72', '#f9dbbd'],
    ],
  },
  game: {
    motif: 'orbit',
    palettes: [
      ['#0f172a', '#7c3aed', '#22d3ee'],
      ['#111827', '#db2777', '#fde047'],
      ['#022c22', '#059669', '#f0fdf4'],
    ],
  },
  story: {
    motif: 'waves',
    palettes: [
      ['#123c69', '#4f86c6', '#eee2dc'],
      ['#3d405b', '#81b29a', '#f4f1de'],
      ['#264653', '#2a9d8f', '#e9c46a'],
    ],
  },
};

const BY_CATEGORY: Record<string, keyof typeof THEMES> = {
  玄幻: 'fantasy',
  仙侠: 'wuxia',
  武侠: 'wuxia',
  都市: 'city',
  现代言情: 'romance',
  历史: 'history',
  科幻: 'scifi',
  悬疑: 'mystery',
  游戏: 'game',
  古代言情: 'romance',
  幻想言情: 'romance',
  青春校园: 'youth',
  穿越重生: 'rebirth',
  // Uyghur: adventure novel, love, history.
  رومان: 'story',
  مۇھەببەت: 'romance',
  تارىخىي: 'history',
  // Tibetan: tale, history.
  'སྒྲུང་གཏམ།': 'story',
  'ལོ་རྒྱུས།': 'history',
};

const FALLBACK = Object.keys(THEMES) as Array<keyof typeof THEMES>;

/** The theme and palette for a novel: by its category, the palette varying with the id. */
export function themeFor(id: number, category: string | null): { motif: Motif; palette: readonly [string, string, string] } {
  const theme = THEMES[(category && BY_CATEGORY[category]) || FALLBACK[id % FALLBACK.length]!]!;
  return { motif: theme.motif, palette: theme.palettes[Math.floor(id / 3 + id) % theme.palettes.length]! };
}
