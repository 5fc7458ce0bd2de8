/**
 * The anchor of a paragraph comment (docs/community-pages.md "Paragraph comments"): a hash of the paragraph's
 * normalised text, computed identically by the reader (to place badges and post comments) and by the server (to
 * match comments to paragraphs after a chapter edit). Normalisation: trim, collapse each whitespace run to one
 * space, then Unicode NFKC (full-width forms and compatibility characters fold to one form); the hash is FNV-1a
 * 64-bit over the UTF-8 bytes, written as 16 lower-case hex digits.
 */
const OFFSET = BigInt('0xcbf29ce484222325');
const PRIME = BigInt('0x100000001b3');
const MASK = BigInt('0xffffffffffffffff');

export function normalizeParagraph(text: string): string {
  return text.trim().replace(/\s+/g, ' ').normalize('NFKC');
}

export function paragraphHash(text: string): string {
  const bytes = new TextEncoder().encode(normalizeParagraph(text));
  let h = OFFSET;
  for (const b of bytes) h = ((h ^ BigInt(b)) * PRIME) & MASK;
  return h.toString(16).padStart(16, '0');
}
