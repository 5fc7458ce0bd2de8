import 'server-only';

/**
 * The sensitive-word check every reader text passes (docs/community.md "Moderation").
 * CONTRACT for the parallel branches of the community issue: the moderation branch replaces the bodies below with
 * the real normaliser and matcher; callers rely only on these signatures.
 */
export interface TextVerdict {
  /** ok: publish; block: refuse with a message naming the category; review: hold for a moderator. */
  verdict: 'ok' | 'block' | 'review';
  category?: string;
  /** The (normalised) listed word that matched. */
  word?: string;
}

/** Full/half width, case, traditional → simplified, separators removed: the form both texts and listed words take. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export async function checkText(text: string): Promise<TextVerdict> {
  void normalizeText(text);
  return { verdict: 'ok' };
}
