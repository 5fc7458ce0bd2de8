import 'server-only';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { invalid } from '../../core/errors';

export const MAX_COVER_BYTES = 5 * 1024 * 1024;
const MIN_SIDE = 100;
const MAX_SIDE = 4000;

export type CoverExt = 'png' | 'jpg' | 'webp';

export interface CoverImage {
  ext: CoverExt;
  width: number;
  height: number;
}

export const COVER_TYPES: Record<CoverExt, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * Markup a browser would act on if it ever took the file for a page (SVG, HTML, XML, script). Long enough that
 * compressed pixels do not spell one by chance; a picture saved by an image editor holds none of them.
 */
const MARKUP = /<(?:script|html|svg[\s>/]|iframe|object|embed|body|\?xml|!doctype)|javascript:/i;

/** The bytes after the PNG's IEND chunk, or 0 when it has none (a header alone is read like the import does). */
function pngTrailing(b: Buffer): number {
  let i = 8;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const end = i + 12 + len;
    if (type === 'IEND') return b.length - Math.min(end, b.length);
    i = end;
  }
  return 0;
}

/**
 * A polyglot: a picture that is also something else — markup anywhere in it, or bytes past the image's own end
 * (after a PNG's IEND, past a WebP's RIFF length). Served as an image with nosniff it would stay inert, but it is
 * not a cover (docs/content.md "Covers").
 */
function isPolyglot(b: Buffer, ext: CoverExt): boolean {
  if (MARKUP.test(b.toString('latin1'))) return true;
  if (ext === 'png') return pngTrailing(b) > 0;
  if (ext === 'webp') return b.readUInt32LE(4) + 8 < b.length;
  return false;
}

/**
 * A cover upload checked by its bytes, never its name or declared type (docs/content.md "Covers"): PNG, JPEG or
 * WebP by magic number, at most MAX_COVER_BYTES, each side MIN_SIDE–MAX_SIDE pixels, no polyglot.
 */
export function checkCover(b: Buffer): CoverImage {
  if (b.length > MAX_COVER_BYTES) throw invalid(T.coverTooLarge(MAX_COVER_BYTES / 1024 / 1024));
  let ext: CoverExt;
  let size: { width: number; height: number } | null;
  if (b.length >= 24 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    ext = 'png';
    size = b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
  } else if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    ext = 'jpg';
    size = jpegSize(b);
  } else if (b.length >= 16 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    ext = 'webp';
    size = webpSize(b);
  } else {
    throw invalid(T.coverType);
  }
  if (!size) throw invalid(T.coverType);
  const ok = (n: number) => n >= MIN_SIDE && n <= MAX_SIDE;
  if (!ok(size.width) || !ok(size.height)) throw invalid(T.coverSize);
  if (isPolyglot(b, ext)) throw invalid(T.coverPolyglot);
  return { ext, ...size };
}
