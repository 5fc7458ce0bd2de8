/** What a decoded text is made of (hanzi.mjs). */
export interface Plausibility {
  /** Letters outside ASCII, plus replacement, private-use and unassigned characters. */
  letters: number;
  /** Replacement (U+FFFD), private-use and unassigned characters: what a wrong decoding leaves. */
  broken: number;
  /** Letters our books are written in: common hanzi, Arabic and Tibetan letters. */
  good: number;
  han: number;
  frequentHan: number;
}
export declare function plausibility(text: string): Plausibility;
export declare function readsAsText(p: Plausibility): boolean;
export declare function textScore(p: Plausibility): number;
