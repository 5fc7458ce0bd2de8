import 'server-only';
import type { Rng } from './random';

export interface Cast {
  hero: string;
  friend: string;
  rival: string;
}

/** Everything the generator needs to write a plausible novel in one language. */
export interface LanguagePack {
  languageType: 0 | 1 | 2;
  dir: 'ltr' | 'rtl';
  personName(rng: Rng): string;
  penName(rng: Rng): string;
  editor(rng: Rng): string;
  copyrightHolder(): string;
  title(rng: Rng): string;
  summary(rng: Rng, cast: Cast): string;
  chapterTitle(rng: Rng, n: number): string;
  paragraph(rng: Rng, cast: Cast): string;
  /** Chinese and Tibetan count characters or syllables; Uyghur counts words. */
  countWords(text: string): number;
}
