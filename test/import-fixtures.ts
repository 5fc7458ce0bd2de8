import { strToU8, zipSync } from 'fflate';
import { buildZip, epubFiles, type EpubOptions, type ZipEntry } from '../scripts/lib/epub-writer.mjs';

// The book and zip writers are shared with the import bench (bench/import-upload.mjs).
export {
  buildZip,
  deflatedRepeat,
  epubFiles,
  withDeclaredSize,
  type Deflated,
  type EpubOptions,
  type ZipEntry,
} from '../scripts/lib/epub-writer.mjs';

/** A zip written with the STORE method (no compression). */
export const storedZip = (files: Array<[name: string, data: string | Buffer]>): Buffer =>
  buildZip(files.map(([name, data]) => ({ name, data })));

/** A small EPUB 2 book: a cover page without text, then chapters in spine order, titled through the NCX. */
export const buildEpub = (options: EpubOptions = {}): Buffer => storedZip(epubFiles(options));

/** Where `epubFiles` puts chapter 1. */
export const EPUB_CHAPTER_1 = 'OEBPS/text/c1.xhtml';

/** buildEpub's book with its entries deflated, chapter 1 replaced by `chapter`, and any `extra` entries after. */
export function epubWith(chapter: Omit<ZipEntry, 'name'>, extra: ZipEntry[] = []): Buffer {
  const entries = epubFiles().map(([name, data]): ZipEntry =>
    name === EPUB_CHAPTER_1 ? { name, ...chapter } : { name, data, deflate: name !== 'mimetype' },
  );
  return buildZip([...entries, ...extra]);
}

/**
 * A book as the tools that make them write it: EPUB 3 with both an NCX and a nav document (the nav is in the manifest,
 * not the spine), a cover page of one image, a title page and a preface before the chapters, XHTML under Text/ and
 * the stylesheet and image beside it, CRLF line ends, a file name with a space (its href percent-encoded), and an
 * NCX whose volume entry points at the same file as its first chapter. Zipped by fflate, the text deflated.
 */
export function richEpub(): Buffer {
  const page = (title: string, body: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\r\n<!DOCTYPE html>\r\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\r\n<head>\r\n  <title>${title}</title>\r\n  <link href="../Styles/style.css" rel="stylesheet" type="text/css"/>\r\n</head>\r\n<body>\r\n${body}\r\n</body>\r\n</html>\r\n`;
  const files: Record<string, string | Uint8Array> = {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml':
      '<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n  <rootfiles>\n    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>\n  </rootfiles>\n</container>\n',
    'OEBPS/content.opf': `<?xml version="1.0" encoding="utf-8"?>
<package version="3.0" unique-identifier="BookId" xmlns="http://www.idpf.org/2007/opf">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="BookId">urn:uuid:7d1f0c1e-2f0a-4c1b-9a53-0b7e5d3c2a10</dc:identifier>
    <dc:title id="t1">山海行
      （修订版）</dc:title>
    <dc:creator id="c1">青山</dc:creator>
    <dc:creator id="c2">白水</dc:creator>
    <dc:language>zh-CN</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="Styles/style.css" media-type="text/css"/>
    <item id="cover-image" href="Images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
    <item id="cover" href="Text/cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="titlepage" href="Text/titlepage.xhtml" media-type="application/xhtml+xml"/>
    <item id="preface" href="Text/preface.xhtml" media-type="application/xhtml+xml"/>
    <item id="c1" href="Text/c1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="Text/c2.xhtml" media-type="application/xhtml+xml"/>
    <item id="c3" href="Text/c%203.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine toc="ncx">
    <itemref idref="cover" linear="no"/>
    <itemref idref="titlepage"/>
    <itemref idref="preface"/>
    <itemref idref="c1"/>
    <itemref idref="c2"/>
    <itemref idref="c3"/>
  </spine>
</package>
`,
    'OEBPS/toc.ncx': `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head><meta name="dtb:uid" content="urn:uuid:7d1f0c1e-2f0a-4c1b-9a53-0b7e5d3c2a10"/></head>
  <docTitle><text>山海行</text></docTitle>
  <navMap>
    <navPoint id="np1" playOrder="1"><navLabel><text>前言</text></navLabel><content src="Text/preface.xhtml"/></navPoint>
    <navPoint id="np2" playOrder="2"><navLabel><text>第一卷  风起</text></navLabel><content src="Text/c1.xhtml"/>
      <navPoint id="np3" playOrder="3"><navLabel><text>第一章 少年</text></navLabel><content src="Text/c1.xhtml"/></navPoint>
      <navPoint id="np4" playOrder="4"><navLabel><text>第二章 出山</text></navLabel><content src="Text/c2.xhtml#top"/></navPoint>
    </navPoint>
    <navPoint id="np5" playOrder="5"><navLabel><text>第三章 入京</text></navLabel><content src="Text/c%203.xhtml"/></navPoint>
  </navMap>
</ncx>
`,
    'OEBPS/nav.xhtml': page(
      '目录',
      '<nav epub:type="toc" id="toc"><h1>目录</h1><ol><li><a href="Text/preface.xhtml">前言</a></li><li><a href="Text/c1.xhtml">第一卷 风起</a><ol><li><a href="Text/c1.xhtml">第一章 少年</a></li><li><a href="Text/c2.xhtml#top">第二章 出山</a></li></ol></li><li><a href="Text/c%203.xhtml">第三章 入京</a></li></ol></nav>',
    ),
    'OEBPS/Styles/style.css': 'body { margin: 0 5%; }\r\np { text-indent: 2em; }\r\n',
    'OEBPS/Images/cover.jpg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
    'OEBPS/Text/cover.xhtml': page('封面', '<div class="cover"><img alt="封面" src="../Images/cover.jpg"/></div>'),
    'OEBPS/Text/titlepage.xhtml': page('扉页', '<h1 class="title">山海行</h1>\r\n<p class="author">青山 著</p>\r\n<p>书声文学出版</p>'),
    'OEBPS/Text/preface.xhtml': page('前言', '<h2>前言</h2>\r\n<p>　　这是一个关于远行的故事。</p>\r\n<p>写于二〇二三年冬。</p>'),
    'OEBPS/Text/c1.xhtml': page(
      '第一章 少年',
      '<h2 id="ch1">第一章 少年</h2>\r\n<p>　　清晨，他背上行囊。</p>\r\n<p>山路很长&nbsp;&amp;&nbsp;很远。<br/>他没有回头。</p>\r\n<script type="text/javascript">track();</script>',
    ),
    'OEBPS/Text/c2.xhtml': page(
      '第二章 出山',
      '<h2 id="top">第二章 出山</h2>\r\n<div><p>她站在桥头。</p></div>\r\n<p>&#x201C;走吧。&#8221;</p>',
    ),
    'OEBPS/Text/c 3.xhtml': page('第三章 入京', '<h2>第三章 入京</h2>\r\n<p>京城到了。</p>'),
  };
  const zippable = Object.fromEntries(
    Object.entries(files).map(([name, data]): [string, [Uint8Array, { level: 0 | 6 }]] => [
      name,
      [typeof data === 'string' ? strToU8(data) : data, { level: name === 'mimetype' ? 0 : 6 }],
    ]),
  );
  return Buffer.from(zipSync(zippable));
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
