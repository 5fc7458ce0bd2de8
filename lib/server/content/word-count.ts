import 'server-only';

/**
 * Words of a chapter as the catalogue counts them (docs/content.md "Editing"): Chinese counts characters without
 * white space, Uyghur counts words between spaces, Tibetan syllables between tsheg, shad and spaces.
 */
export function countChapterWords(text: string, languageType: number): number {
  if (languageType === 0) return text.split(/\s+/).filter(Boolean).length;
  if (languageType === 2) return text.split(/[\u0F0B\u0F0D\s]+/).filter(Boolean).length;
  return text.replace(/\s/g, '').length;
}
