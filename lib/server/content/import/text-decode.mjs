// Decoding of TXT imports (docs/content.md "Import", "Encodings"). Plain ESM, as the parse worker runs it (refusal.mjs
// says why); decode.ts is its typed face for the server.
import iconv from 'iconv-lite';
import { plausibility, readsAsText, textScore } from './hanzi.mjs';
import { refuse } from './refusal.mjs';

// Control characters other than tab, line feed, carriage return and form feed: a text file has (almost) none.
const CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f]/g;

/** The part of a long text that is measured: its first and last 200,000 characters. */
const sampleOf = (text) => (text.length > 400_000 ? text.slice(0, 200_000) + text.slice(-200_000) : text);

/** More than 1 in 200 characters being controls or U+FFFD means we decoded garbage (or the file is binary). */
function looksLikeText(text) {
  if (!text.trim()) return false;
  const sample = sampleOf(text);
  const bad = (sample.match(CONTROL)?.length ?? 0) + (sample.match(/\uFFFD/g)?.length ?? 0);
  return bad <= sample.length / 200;
}

/** The bytes as a Buffer for iconv-lite, without copying them (an upload may be 50 MB). */
const view = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const decodeWith = (bytes, encoding) => iconv.decode(view(bytes), encoding);

function strictUtf8(buf) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

/**
 * The bytes whose decodings are compared: the first 64 KB, for GB18030 and Big5 cut after a line break (never part of
 * a character in either) so no character is split; UTF-16 cuts at an even offset.
 */
const SAMPLE_BYTES = 64 * 1024;
function rankingSample(buf, utf16) {
  if (buf.length <= SAMPLE_BYTES) return buf;
  const head = buf.subarray(0, SAMPLE_BYTES);
  if (utf16) return head;
  const cut = head.lastIndexOf(0x0a);
  return cut > 0 ? head.subarray(0, cut + 1) : head;
}

/** How far apart two readable decodings must score for the better one to be taken without asking. */
const CLEAR_MARGIN = 0.2;

/**
 * Of the encodings a file without a byte-order mark could be in, the one whose decoding reads as text
 * (docs/content.md "Encodings"): none → refused as `unreadable`; two about as good → refused naming both
 * (`ambiguousEncoding`), so the uploader picks.
 */
function guess(buf, candidates, unreadable) {
  const sample = rankingSample(buf, candidates[0].startsWith('utf-16'));
  const ranked = candidates
    .map((encoding) => ({ encoding, p: plausibility(decodeWith(sample, encoding)) }))
    .filter((c) => readsAsText(c.p))
    .map((c) => ({ encoding: c.encoding, score: textScore(c.p) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best) refuse(unreadable);
  if (second && best.score - second.score < CLEAR_MARGIN)
    refuse(
      'ambiguousEncoding',
      ranked.map((c) => c.encoding),
    );
  return best.encoding;
}

/**
 * Bytes of a TXT upload to text (docs/content.md "Encodings"). A byte-order mark decides (UTF-8, UTF-16 LE/BE). Then
 * the uploader's choice, when the form names one. Otherwise: a NUL near the start means UTF-16 in whichever byte
 * order reads as text (neither: a binary file); bytes that are valid UTF-8 are UTF-8, since GBK and Big5 text is
 * almost never valid UTF-8; otherwise GB18030 (a superset of GB2312 and GBK) or Big5, whichever reads as text, and
 * when both do about equally well the file is refused naming both, so the uploader picks. Every decoding but exact
 * UTF-8 must read as text (hanzi.mjs): mojibake is refused, never stored.
 */
export function decodeText(buf, chosen) {
  if (buf.length === 0) refuse('emptyFile');
  // A lone surrogate (broken UTF-16) cannot be stored as UTF-8: it becomes U+FFFD and counts as garbage. NUL, which
  // PostgreSQL refuses in text, is dropped.
  const clean = (raw, encoding, notText = 'binaryFile', arg) => {
    const text = raw.replace(/\p{Cs}/gu, '\uFFFD');
    if (!looksLikeText(text)) refuse(notText, arg);
    return { text: text.replace(/\0/g, ''), encoding };
  };
  /** A decoding that is not exact: refused unless it reads as text over its whole length. */
  const checked = (raw, encoding, refusal, arg) => {
    const decoded = clean(raw, encoding, refusal, arg);
    if (!readsAsText(plausibility(sampleOf(decoded.text)))) refuse(refusal, arg);
    return decoded;
  };
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const text = strictUtf8(buf.subarray(3));
    if (text === null) refuse('undecodable');
    return clean(text, 'utf-8-bom');
  }
  if (buf[0] === 0xff && buf[1] === 0xfe) return clean(decodeWith(buf.subarray(2), 'utf-16le'), 'utf-16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) return clean(decodeWith(buf.subarray(2), 'utf-16be'), 'utf-16be');
  if (chosen === 'utf-8') {
    const text = strictUtf8(buf);
    if (text === null) refuse('notThisEncoding', 'utf-8');
    return clean(text, 'utf-8');
  }
  if (chosen) return checked(decodeWith(buf, chosen), chosen, 'notThisEncoding', chosen);
  // A NUL in the first 8 KB: UTF-16 without its mark (the high byte of every ASCII character is 0), or a binary
  // file (a zip, an image, a PDF), which reads as text in neither byte order.
  if (buf.subarray(0, 8192).includes(0)) {
    const order = guess(buf, ['utf-16le', 'utf-16be'], 'binaryFile');
    return checked(decodeWith(buf, order), order, 'binaryFile');
  }
  const utf8 = strictUtf8(buf);
  if (utf8 !== null) return clean(utf8, 'utf-8');
  const legacy = guess(buf, ['gb18030', 'big5'], 'undecodable');
  return checked(decodeWith(buf, legacy), legacy, 'undecodable');
}

/** How much of the file the first lines are read from, and how many and how long they are (the choice of encoding). */
const PREVIEW_BYTES = 16 * 1024;
export const PREVIEW_LINES = 5;
export const PREVIEW_LINE_CHARS = 80;

/**
 * The first non-empty lines of the bytes read in one encoding, each cut at PREVIEW_LINE_CHARS: what the editor
 * compares when the decoder cannot tell two encodings apart (docs/content.md "Encodings"). Read from the first 16 KB
 * only (cut after a line break, or at an even offset for UTF-16); controls become spaces, nothing is refused.
 */
export function previewLines(buf, encoding) {
  let head = buf.subarray(0, PREVIEW_BYTES);
  if (buf.length > PREVIEW_BYTES) {
    if (encoding.startsWith('utf-16')) head = head.subarray(0, head.length - (head.length % 2));
    else {
      const cut = head.lastIndexOf(0x0a);
      if (cut > 0) head = head.subarray(0, cut + 1);
    }
  }
  const lines = [];
  for (const raw of decodeWith(head, encoding).split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const line = raw
      .replace(CONTROL, ' ')
      .replace(/\p{Cs}/gu, '\uFFFD')
      .replace(/^[\s\u3000\uFEFF]+|[\s\u3000]+$/g, '');
    if (!line) continue;
    lines.push(Array.from(line).slice(0, PREVIEW_LINE_CHARS).join(''));
    if (lines.length === PREVIEW_LINES) break;
  }
  return lines;
}
