// EPUBs and zips written for the import's tests and bench (docs/content.md "EPUB"): a small EPUB 2 book's files,
// zips of stored or deflated entries with UTF-8 names, as many entries as wanted (the end record's 16-bit count
// wraps, as fflate writes it), entries that were deflated elsewhere, and a way to lie about what an entry inflates
// to. No zip library needed.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * `entries`: `{ name, data }` stored as it is, `{ name, data, deflate: true }` deflated here, or
 * `{ name, deflated: { bytes, size, crc } }` deflated already.
 */
export function buildZip(entries) {
  const parts = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data ?? []);
    const packed = entry.deflated
      ? { ...entry.deflated, method: 8 }
      : entry.deflate
        ? { bytes: deflateRawSync(raw), size: raw.length, crc: crc32(raw), method: 8 }
        : { bytes: raw, size: raw.length, crc: crc32(raw), method: 0 };
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(packed.method, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(packed.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(packed.method, 10);
    central.writeUInt32LE(packed.crc, 16);
    central.writeUInt32LE(packed.bytes.length, 20);
    central.writeUInt32LE(packed.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(packed.bytes));
    centrals.push(central, name);
    offset += 30 + name.length + packed.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length & 0xffff, 8);
  end.writeUInt16LE(entries.length & 0xffff, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * `times` copies of `chunk`, deflated. Each copy is the same byte-aligned run of blocks that needs nothing before it
 * (zlib's full flush), so a 300 MB bomb costs one compression of its chunk; an empty final block ends the stream.
 */
export function deflatedRepeat(chunk, times) {
  const segment = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < times; i++) crc = crc32(chunk, crc);
  return { bytes: Buffer.concat([...Array(times).fill(segment), Buffer.from([0x03, 0x00])]), size: chunk.length * times, crc };
}

/**
 * Rewrites what a zip declares an entry inflates to, in its local header and its central directory entry both, as
 * an attacker would: the data stays what it is.
 */
export function withDeclaredSize(zip, name, size) {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(end + 16);
  while (out.readUInt32LE(at) === 0x02014b50) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      out.writeUInt32LE(size, out.readUInt32LE(at + 42) + 22);
      return out;
    }
    at += 46 + nameLength + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

const xhtml = (title, body) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * The files of a small EPUB 2 book, as `[name, text]`: a cover page without text, then `chapters` (`[title,
 * paragraphs]`, two short ones by default) at OEBPS/text/c{n}.xhtml in spine order, titled through the NCX.
 * `encryption` adds META-INF/encryption.xml.
 */
export function epubFiles(options = {}) {
  const chapters = options.chapters ?? [
    ['第一章 出发', ['清晨，他背上行囊。', '山路很长 &amp; 很远。']],
    ['第二章 相遇', ['她站在桥头。']],
  ];
  const manifest = chapters.map((_, i) => `<item id="c${i + 1}" href="text/c${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('');
  const nav = chapters
    .map(
      ([t], i) =>
        `<navPoint id="n${i + 1}" playOrder="${i + 1}"><navLabel><text>${t}</text></navLabel><content src="text/c${i + 1}.xhtml"/></navPoint>`,
    )
    .join('');
  const files = [
    ['mimetype', 'application/epub+zip'],
    [
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ],
    [
      'OEBPS/content.opf',
      `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${options.title ?? '山海行'}</dc:title><dc:creator>${options.author ?? '青山'}</dc:creator><dc:identifier id="id">urn:uuid:1</dc:identifier><dc:language>zh</dc:language></metadata><manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="cover" href="text/cover.xhtml" media-type="application/xhtml+xml"/>${manifest}</manifest><spine toc="ncx"><itemref idref="cover"/>${spine}</spine></package>`,
    ],
    [
      'OEBPS/toc.ncx',
      `<?xml version="1.0" encoding="utf-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>${options.title ?? '山海行'}</text></docTitle><navMap>${nav}</navMap></ncx>`,
    ],
    ['OEBPS/text/cover.xhtml', xhtml('cover', '<div><img src="../cover.jpg" alt=""/></div>')],
    ...chapters.map(([t, ps], i) => [`OEBPS/text/c${i + 1}.xhtml`, xhtml(t, `<h2>${t}</h2>${ps.map((p) => `<p>${p}</p>`).join('')}`)]),
  ];
  if (options.encryption) files.push(['META-INF/encryption.xml', options.encryption]);
  return files;
}
