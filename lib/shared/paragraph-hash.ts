import { splitParagraphs } from './paragraphs';

/**
 * Paragraph anchors for paragraph comments (docs/community.md "Anchoring"). The reader (in the browser) and the
 * server hash the same paragraphs — splitParagraphs, the reader's own split — with this same pure function, so a
 * badge and a comment agree without the browser pulling in node:crypto. FNV-1a 64 over the UTF-8 bytes of the
 * normalised text, as 16 hex digits: a chapter has a few hundred paragraphs at most, and the hash only has to tell
 * a chapter's paragraphs apart (a collision would at worst put a comment on the other paragraph).
 */

/** The form a paragraph is hashed in: compatibility forms folded (NFKC), runs of whitespace made one space, trimmed. */
export function normaliseParagraph(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** The UTF-8 bytes of a string (a lone surrogate as U+FFFD, like TextEncoder; written out so jsdom and old webviews agree). */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}
const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** FNV-1a 64 of a string's UTF-8 bytes, 16 lowercase hex digits; 64-bit arithmetic in four 16-bit limbs (no BigInt). */
export function fnv1a64(text: string): string {
  // Offset basis 0xcbf29ce484222325, lowest limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of utf8(text)) {
    h0 ^= byte;
    // Multiply by the prime 0x100000001b3 = 2^40 + 0x1b3, modulo 2^64.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}

/** The anchor of one paragraph. */
export function paragraphHash(paragraph: string): string {
  return fnv1a64(normaliseParagraph(paragraph));
}

/** The anchors of a chapter's paragraphs, in reading order (index i is the reader's paragraph i). */
export function chapterParagraphHashes(content: string): string[] {
  return splitParagraphs(content).map(paragraphHash);
}

/** What a paragraph anchor looks like on the wire. */
export const PARAGRAPH_HASH_PATTERN = /^[0-9a-f]{16}$/;
