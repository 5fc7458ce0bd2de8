import 'server-only';
import { Converter } from 'opencc-js/t2cn';
import { currentMatcher } from './word-list';

/**
 * The sensitive-word check every reader text passes (docs/moderation.md "Text filter"). Callers rely only on
 * these two signatures; the list itself lives in sensitive_words and is cached by ./word-list.ts.
 */
export interface TextVerdict {
  /** ok: publish; block: refuse with a message naming the category; review: hold for a moderator. */
  verdict: 'ok' | 'block' | 'review';
  category?: string;
  /** The (normalised) listed word that matched. */
  word?: string;
}

// OpenCC's character-level traditional → mainland simplified table ('t' → 'cn'), bundled with the package: no
// download, no native code. Phrase tables ('tw', 'hk') would also rewrite vocabulary, which a filter must not.
const toSimplified = Converter({ from: 't', to: 'cn' });

// What survives normalisation: letters, digits and the combining marks Uyghur and Tibetan words are spelled with.
// Everything else — spaces, punctuation, symbols and emoji, zero-width and other format characters — is what
// people put between the letters of a word to get it past a filter. Variation selectors are marks but only
// restyle the emoji they follow.
const SEPARATORS = /[^\p{L}\p{N}\p{Mn}\p{Mc}]|\p{Variation_Selector}/gu;

/** Full/half width, case, traditional → simplified, separators removed: the form both texts and listed words take. */
export function normalizeText(text: string): string {
  // NFKC folds full-width letters and digits to ASCII, half-width katakana to full width and ligatures and
  // circled digits to their plain letters.
  const folded = text.normalize('NFKC').toLowerCase();
  return toSimplified(folded).replace(SEPARATORS, '');
}

/** The strongest verdict the text earns: any 'block' word beats any 'review' word; the first such hit is named. */
export async function checkText(text: string): Promise<TextVerdict> {
  const matcher = await currentMatcher();
  return matcher.check(normalizeText(text));
}
