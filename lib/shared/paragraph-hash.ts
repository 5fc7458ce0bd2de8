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
  let h = OFFSET;
  const add = (b: number) => {
    h = ((h ^ BigInt(b)) * PRIME) & MASK;
  };
  // UTF-8 by hand (as TextEncoder would, a lone surrogate as U+FFFD): the same bytes in every runtime, old in-app
  // browsers and jsdom included.
  for (const ch of normalizeParagraph(text)) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) add(c);
    else if (c < 0x800) {
      add(0xc0 | (c >> 6));
      add(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      add(0xe0 | (c >> 12));
      add(0x80 | ((c >> 6) & 0x3f));
      add(0x80 | (c & 0x3f));
    } else {
      add(0xf0 | (c >> 18));
      add(0x80 | ((c >> 12) & 0x3f));
      add(0x80 | ((c >> 6) & 0x3f));
      add(0x80 | (c & 0x3f));
    }
  }
  return h.toString(16).padStart(16, '0');
}
