import { crc32 } from 'node:zlib';

/**
 * A zip written with the STORE method (no compression), enough for the EPUBs the import tests need: adm-zip (what
 * epub2 reads with) accepts it, and the test needs no zip library of its own.
 */
export function storedZip(files: Array<[name: string, data: string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, raw] of files) {
    const data = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralBuf = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBuf, end]);
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;

/** A small EPUB 2 book: a cover page without text, then chapters in spine order, titled through the NCX. */
export function buildEpub(
  options: { title?: string; author?: string; chapters?: Array<[string, string[]]>; encryption?: string } = {},
): Buffer {
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
  const files: Array<[string, string]> = [
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
    ...chapters.map(([t, ps], i): [string, string] => [
      `OEBPS/text/c${i + 1}.xhtml`,
      xhtml(t, `<h2>${t}</h2>${ps.map((p) => `<p>${p}</p>`).join('')}`),
    ]),
  ];
  if (options.encryption) files.push(['META-INF/encryption.xml', options.encryption]);
  return storedZip(files);
}

/** A minimal PNG header (signature + IHDR) of the given size; the import only reads the header. */
export function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
