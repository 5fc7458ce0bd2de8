// The zip reader of EPUB uploads (docs/content.md "EPUB"). The central directory says where each entry lies; what it
// and the local headers declare about sizes is never taken as permission. Before anything is inflated, entries are
// held to the caps by what they declare; then each entry read is inflated by Node's zlib with its output capped at
// what the entry declared: zlib counts what actually comes out, 16 KB at a time, and stops at the first chunk past
// it, and the bytes read are counted against the book's total. Only the entries the book needs are ever read, and
// an entry is bytes whatever they hold: a zip inside the zip is never opened.
// (Node's zlib rather than fflate's streaming inflate: the same counting, three times as fast on a large book.)
import zlib from 'node:zlib';
import { isRefusal, refuse } from './refusal.mjs';

/** The caps, every one counted on bytes actually inflated (docs/content.md "EPUB" says why these values). */
export const ZIP_LIMITS = Object.freeze({
  /** Entries in the central directory: a 10,000-chapter book with its images and styles fits in half. */
  maxEntries: 20_000,
  /** One entry inflated: a whole novel in one XHTML file is about 30 MB. */
  maxEntryBytes: 64 * 1024 * 1024,
  /** Every entry read, together (an entry read twice counts twice). */
  maxTotalBytes: 256 * 1024 * 1024,
  /** Inflated bytes per compressed byte: text deflates 3–10 times, a run of one byte about 1,000 times. */
  maxRatio: 100,
  /** Entries up to this size are not judged by their ratio (small files of spaces compress well). */
  ratioGraceBytes: 1024 * 1024,
});

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

const u16 = (b, at) => b[at] | (b[at + 1] << 8);
const u32 = (b, at) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;

let crcTable;
/** CRC-32 as zip stores it: Node's own where it has one (20.15+), else by table. */
function crc32(bytes) {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(bytes) >>> 0;
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The end-of-central-directory record: the last 22 bytes, or further back behind a comment of up to 64 KB. */
function findEnd(bytes) {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) if (u32(bytes, at) === END) return at;
  return -1;
}

/**
 * The archive's entries, checked against the caps by what they declare before anything is inflated: an honest bomb
 * is refused here, a lying one while it inflates (`read`). Sizes of 0xFFFFFFFF are zip64, which no upload under
 * the 50 MB limit needs: refused as a broken file.
 */
function centralDirectory(bytes, limits) {
  const end = findEnd(bytes);
  if (end < 0) refuse('badEpub');
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0) refuse('badEpub'); // split over several disks
  const size = u32(bytes, end + 12);
  const start = u32(bytes, end + 16);
  if (start + size > end) refuse('badEpub');
  const names = new TextDecoder();
  const entries = [];
  let declared = 0;
  // Walked by its size, not by the entry count the end record gives: that count is 16 bits and wraps.
  for (let at = start; at < start + size;) {
    if (at + 46 > start + size || u32(bytes, at) !== CENTRAL) refuse('badEpub');
    if (entries.length >= limits.maxEntries) refuse('epubTooLarge');
    const entry = {
      flags: u16(bytes, at + 8),
      method: u16(bytes, at + 10),
      crc: u32(bytes, at + 16),
      compressed: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      offset: u32(bytes, at + 42),
      name: '',
    };
    const nameLength = u16(bytes, at + 28);
    entry.name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (at > start + size || entry.offset + 30 + entry.compressed > start) refuse('badEpub');
    if (entry.method === 0 && entry.compressed !== entry.size) refuse('badEpub');
    if (entry.size > limits.maxEntryBytes) refuse('epubTooLarge');
    declared += entry.size;
    if (declared > limits.maxTotalBytes) refuse('epubTooLarge');
    if (entry.size > limits.ratioGraceBytes && entry.size > limits.maxRatio * entry.compressed) refuse('epubTooLarge');
    entries.push(entry);
  }
  return entries;
}

/**
 * Opens a zip held in memory. `names` lists its entries in order; `read(name)` inflates one (null when absent),
 * refusing the file when it holds more, or other bytes, than it declared, or passes a cap; `inflated` is the count
 * of bytes inflated so far, over every read.
 */
export function openZip(bytes, limits = ZIP_LIMITS) {
  const entries = centralDirectory(bytes, limits);
  const byName = new Map();
  for (const e of entries) if (!byName.has(e.name)) byName.set(e.name, e);
  const zip = {
    names: entries.map((e) => e.name),
    inflated: 0,
    has: (name) => byName.has(name),
    /** What the entry declares it inflates to (a read holds it to that), or null when absent. */
    sizeOf: (name) => byName.get(name)?.size ?? null,
    read(name) {
      const entry = byName.get(name);
      if (!entry) return null;
      try {
        return inflateEntry(bytes, entry, limits, zip);
      } catch (err) {
        if (isRefusal(err)) throw err;
        return refuse('badEpub'); // a broken deflate stream, cut short or malformed
      }
    },
  };
  return zip;
}

function inflateEntry(bytes, entry, limits, zip) {
  const at = entry.offset;
  if (u32(bytes, at) !== LOCAL || entry.flags & 1) refuse('badEpub'); // not where it should be, or encrypted
  // What the book may still inflate: an entry that would pass it if it told the truth is not read at all.
  if (entry.size > limits.maxTotalBytes - zip.inflated) refuse('epubTooLarge');
  // The data starts after the local header's own name and extra field, whose lengths may differ from the central ones.
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  if (start + entry.compressed > bytes.length) refuse('badEpub');
  const data = bytes.subarray(start, start + entry.compressed);
  let out;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      // The declared size is the most zlib may produce (the caps already bound it); a byte more is a lie.
      out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (err) {
      if (err?.code === 'ERR_BUFFER_TOO_LARGE') refuse('badEpub');
      throw err;
    }
  } else refuse('badEpub'); // a compression method EPUB does not use
  if (out.length !== entry.size || crc32(out) !== entry.crc) refuse('badEpub');
  zip.inflated += out.length;
  return out;
}
