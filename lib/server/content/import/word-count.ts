import 'server-only';

/**
 * Word counts as the catalogue counts them (docs/catalogue.md, the seed's language packs): Chinese counts
 * characters other than white space, Tibetan counts syllables (split at tsheg, shad and spaces), Uyghur counts
 * words separated by spaces. `languageType` 0 Uyghur, 1 Chinese, 2 Tibetan.
 */
export function countWords(text: string, languageType: number): number {
  if (languageType === 0) return text.split(/\s+/).filter(Boolean).length;
  if (languageType === 2) return text.split(/[་།\s]+/).filter(Boolean).length;
  return text.replace(/\s/g, '').length;
}
