// Decoding of TXT imports (docs/content.md "Import", "Encodings"). Plain ESM, as the parse worker runs it (refusal.mjs
// says why); decode.ts is its typed face for the server.
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { refuse } from './refusal.mjs';

// Control characters other than tab, line feed, carriage return and form feed: a text file has (almost) none.
const CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f]/g;

/** More than 1 in 200 characters being controls or U+FFFD means we decoded garbage (or the file is binary). */
function looksLikeText(text) {
  if (!text.trim()) return false;
  const sample = text.length > 400_000 ? text.slice(0, 200_000) + text.slice(-200_000) : text;
  const bad = (sample.match(CONTROL)?.length ?? 0) + (sample.match(/\uFFFD/g)?.length ?? 0);
  return bad <= sample.length / 200;
}

/** The bytes as a Buffer for iconv-lite, without copying them (an upload may be 50 MB). */
const view = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function strictUtf8(buf) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

/**
 * Bytes of a TXT upload to text. A BOM decides (UTF-8, UTF-16 LE/BE); otherwise bytes that are valid UTF-8 are
 * UTF-8, since GBK text is almost never valid UTF-8; otherwise chardet's guess, and every Chinese guess (GB2312,
 * GBK, GB18030) is decoded as GB18030, a superset of both. A file that decodes to controls and replacement
 * characters (a picture, a zip, random bytes) is refused, never stored as garbage.
 */
export function decodeText(buf) {
  if (buf.length === 0) refuse('emptyFile');
  // A lone surrogate (broken UTF-16) cannot be stored as UTF-8: it becomes U+FFFD and counts as garbage. NUL, which
  // PostgreSQL refuses in text, is dropped.
  const clean = (raw, encoding) => {
    const text = raw.replace(/\p{Cs}/gu, '\uFFFD');
    if (!looksLikeText(text)) refuse('binaryFile');
    return { text: text.replace(/\0/g, ''), encoding };
  };
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const text = strictUtf8(buf.subarray(3));
    if (text === null) refuse('undecodable');
    return clean(text, 'utf-8-bom');
  }
  if (buf[0] === 0xff && buf[1] === 0xfe) return clean(iconv.decode(view(buf.subarray(2)), 'utf-16le'), 'utf-16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) return clean(iconv.decode(view(buf.subarray(2)), 'utf-16be'), 'utf-16be');
  // A NUL in the first 8 KB without a UTF-16 BOM: binary (a zip, an image, a PDF).
  if (buf.subarray(0, 8192).includes(0)) refuse('binaryFile');
  const utf8 = strictUtf8(buf);
  if (utf8 !== null) return clean(utf8, 'utf-8');
  // chardet ranks candidates; a file it reads as another CJK encoding (Big5, Shift_JIS, EUC-KR) with no GB
  // candidate at all is one we do not import, rather than one we turn into plausible-looking wrong characters.
  const ranked = chardet.analyse(buf.subarray(0, 64 * 1024));
  const isGb = (name) => /^gb/i.test(name);
  const top = ranked[0]?.name ?? '';
  if (/^(big5|shift_jis|euc-jp|euc-kr|iso-2022)/i.test(top) && !ranked.some((m) => isGb(m.name) && m.confidence >= 10)) {
    refuse('undecodable');
  }
  return clean(iconv.decode(view(buf), 'gb18030'), 'gb18030');
}
