import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';

export const FONTS = ['font1', 'font2', 'font3'] as const;
export const SKINS = ['skin1', 'skin2', 'skin3', 'night'] as const;
export const MODES = ['v', 'p'] as const;
/** Paged mode's page turn: 'none' swaps the page, 'slide' slides it (never under prefers-reduced-motion). */
export const TURNS = ['none', 'slide'] as const;
export type PageTurn = (typeof TURNS)[number];
export type Font = (typeof FONTS)[number];
export type Skin = (typeof SKINS)[number];
export type ReaderMode = (typeof MODES)[number];

export interface ReaderSettings {
  font: Font;
  skin: Skin;
  /** 'v' vertical scroll (default), 'p' paged. */
  reader: ReaderMode;
  pageTurn: PageTurn;
  fontSize: number;
  lineHeight: number;
  /** Side margin of the text in px (docs/reading.md "Settings"). */
  margin: number;
  /** 40–100: below 100 a dark veil dims the page (the web cannot set the screen's own brightness). */
  brightness: number;
}

export const DEFAULT_SETTINGS: ReaderSettings = {
  font: 'font3',
  skin: 'skin1',
  reader: 'v',
  pageTurn: 'none',
  fontSize: 19,
  lineHeight: 1.8,
  margin: 20,
  brightness: 100,
};
export const FONT_SIZES = { min: 14, max: 28 } as const;
export const LINE_HEIGHTS = [1.5, 1.8, 2.1] as const;
export const MARGINS = [12, 20, 28] as const;
export const BRIGHTNESS = { min: 40, max: 100 } as const;

/** The veil's opacity for a brightness: 0 at 100, 0.6 at the minimum. */
export const dimOpacity = (brightness: number) =>
  Math.round(((BRIGHTNESS.max - Math.min(BRIGHTNESS.max, Math.max(BRIGHTNESS.min, brightness))) / 100) * 100) / 100;

/** The persisted key; the inline script in the reader's <head> reads the same key before first paint. */
export const SETTINGS_KEY = 'settings';

interface SettingsState extends ReaderSettings {
  set: (patch: Partial<ReaderSettings>) => void;
}

/** Applies settings to <html> as data attributes and CSS variables: the same thing the no-flash script does. */
export function applySettings(s: ReaderSettings, root: HTMLElement = document.documentElement): void {
  root.dataset.font = s.font;
  root.dataset.skin = s.skin;
  root.dataset.reader = s.reader;
  root.dataset.turn = s.pageTurn;
  root.style.setProperty('--reader-font-size', `${s.fontSize}px`);
  root.style.setProperty('--reader-line-height', String(s.lineHeight));
  root.style.setProperty('--reader-margin', `${s.margin}px`);
  root.style.setProperty('--reader-dim', String(dimOpacity(s.brightness)));
}

const pickSettings = ({ font, skin, reader, pageTurn, fontSize, lineHeight, margin, brightness }: SettingsState): ReaderSettings => ({
  font,
  skin,
  reader,
  pageTurn,
  fontSize,
  lineHeight,
  margin,
  brightness,
});

export const useReaderSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      set: (patch) => set(patch),
    }),
    {
      name: SETTINGS_KEY,
      partialize: pickSettings,
    },
  ),
);

/**
 * The reader's settings, the same object while none of them changes. The store's whole state is a new object once
 * its persisted copy has loaded, even an empty one: read whole, it re-rendered the reader at once after hydration,
 * inside hydration's task (docs/architecture.md "What a page runs at load").
 */
export function useReaderSettings(): ReaderSettings {
  return useReaderSettingsStore(useShallow(pickSettings));
}
