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

/** A few chapters of a novel in simplified Chinese, long enough for the encoding measure to use every rule. */
export const SIMPLIFIED_NOVEL = `第一章 风起青萍
　　那年冬天，雪下得特别大。林辰站在青云山的石阶上，望着远处的群山，心中百感交集。师父临走前留下一枚玉佩，说等他长大了，自然会明白其中的意思。
　　“你终于来了。”苏瑶转过身，目光落在他手中的古剑上，“这把剑，你可知道它的来历？”
　　林辰摇了摇头。他只记得小时候，父亲常常在深夜擦拭这把剑，一边擦一边叹气，却从不肯说起往事。
第二章 旧信
　　第二天清晨，江南水乡下起了细雨。客栈的掌柜端来一碗热粥，笑着说：“客官是从北边来的吧？这几日城里不太平，晚上最好别出门。”
　　林辰道了谢，从怀里取出那封旧信。信纸已经发黄，字迹却依然清晰：若有一日你见到此信，便去听雨楼找一个姓沈的老人。
　　他把信收好，推开窗户。楼下的长街尽头，隐约传来马蹄声和喊杀声。
第三章 听雨楼
　　听雨楼建在湖心，只有一条窄窄的木桥相连。沈老人坐在窗前下棋，头也不抬地问：“你父亲还好吗？”
　　“他三年前就去世了。”林辰低声答道。
　　老人的手停在半空，良久才把棋子放下。“那么，有些事情，该由我来告诉你了。”
第四章 夜雨
　　夜里的雨越下越大，打在瓦片上噼啪作响。沈老人点亮油灯，从柜子里取出一只旧木匣，匣子上刻着一朵梅花。
　　“二十年前，你父亲和我都在京城做事。”老人慢慢地说，“那时候朝廷里有一桩大案，牵连了很多人，你父亲就是其中之一。”
　　林辰握紧了拳头，声音有些发抖：“他是被冤枉的吗？”
　　老人没有回答，只是把木匣推到他面前。
`;

/** The same chapters in traditional characters, as a Big5 file from Taiwan or Hong Kong would hold them. */
export const TRADITIONAL_NOVEL = `第一章 風起青萍
　　那年冬天，雪下得特別大。林辰站在青雲山的石階上，望著遠處的群山，心中百感交集。師父臨走前留下一枚玉佩，說等他長大了，自然會明白其中的意思。
　　「你終於來了。」蘇瑤轉過身，目光落在他手中的古劍上，「這把劍，你可知道它的來歷？」
　　林辰搖了搖頭。他只記得小時候，父親常常在深夜擦拭這把劍，一邊擦一邊嘆氣，卻從不肯說起往事。
第二章 舊信
　　第二天清晨，江南水鄉下起了細雨。客棧的掌櫃端來一碗熱粥，笑著說：「客官是從北邊來的吧？這幾日城裡不太平，晚上最好別出門。」
　　林辰道了謝，從懷裡取出那封舊信。信紙已經發黃，字跡卻依然清晰：若有一日你見到此信，便去聽雨樓找一個姓沈的老人。
　　他把信收好，推開窗戶。樓下的長街盡頭，隱約傳來馬蹄聲和喊殺聲。
第三章 聽雨樓
　　聽雨樓建在湖心，只有一條窄窄的木橋相連。沈老人坐在窗前下棋，頭也不抬地問：「你父親還好嗎？」
　　「他三年前就去世了。」林辰低聲答道。
　　老人的手停在半空，良久才把棋子放下。「那麼，有些事情，該由我來告訴你了。」
第四章 夜雨
　　夜裡的雨越下越大，打在瓦片上噼啪作響。沈老人點亮油燈，從櫃子裡取出一隻舊木匣，匣子上刻著一朵梅花。
　　「二十年前，你父親和我都在京城做事。」老人慢慢地說，「那時候朝廷裡有一樁大案，牽連了很多人，你父親就是其中之一。」
　　林辰握緊了拳頭，聲音有些發抖：「他是被冤枉的嗎？」
　　老人沒有回答，只是把木匣推到他面前。
`;

/** Japanese prose: as Shift_JIS bytes it is what a Chinese decoding turns into mojibake. */
export const JAPANESE_TEXT =
  '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた事だけは記憶している。\n'.repeat(
    8,
  );

/**
 * Twelve characters whose bytes read as common characters in both GB18030 (爱安暗…) and Big5 (乾假做…): a file
 * this short cannot be told apart, so the uploader has to say which it is.
 */
export const AMBIGUOUS_BYTES = Buffer.from([
  0xb0, 0xae, 0xb0, 0xb2, 0xb0, 0xb5, 0xb0, 0xd1, 0xb0, 0xec, 0xb0, 0xfc, 0xb1, 0xb1, 0xb1, 0xdf, 0xb1, 0xf8, 0xb2, 0xbc, 0xb2, 0xc4, 0xb2,
  0xce, 0x0a,
]);

/** Bytes that are no text in any encoding: every byte in 0x81–0xFE, from a fixed seed. */
export function randomHighBytes(length: number, seed = 5): Buffer {
  return Buffer.from(Buffer.alloc(length).map(() => 0x81 + ((((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff) % 0x7e)));
}

export interface MetaEpubOptions {
  /** The package's version attribute: 2 or 3. */
  version?: 2 | 3;
  /** More XML inside `<metadata>` (dc:description, dc:subject, `<meta name="cover">`). */
  metadata?: string;
  /** More manifest items. */
  manifest?: string;
  /** Spine items before and after the two chapters. */
  spineBefore?: string;
  spineAfter?: string;
  /** The EPUB 2 `<guide>`'s references. */
  guide?: string;
  /** More files, by their name in the zip; `stored` ones are not deflated. */
  files?: Record<string, string | Uint8Array>;
  stored?: string[];
}

/** An XHTML page of `body`, with the epub namespace declared. */
export const xhtmlPage = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * A book with package metadata and front matter to taste around two chapters (OEBPS/Text/c1.xhtml, c2.xhtml, titled
 * through the NCX), zipped by fflate.
 */
export function metaEpub(o: MetaEpubOptions = {}): Buffer {
  const files: Record<string, string | Uint8Array> = {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml':
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OEBPS/content.opf': `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="${o.version ?? 2}.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:title>山海行</dc:title><dc:creator>青山</dc:creator><dc:identifier id="id">urn:uuid:2</dc:identifier><dc:language>zh</dc:language>${o.metadata ?? ''}</metadata><manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="c1" href="Text/c1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="Text/c2.xhtml" media-type="application/xhtml+xml"/>${o.manifest ?? ''}</manifest><spine toc="ncx">${o.spineBefore ?? ''}<itemref idref="c1"/><itemref idref="c2"/>${o.spineAfter ?? ''}</spine>${o.guide ? `<guide>${o.guide}</guide>` : ''}</package>`,
    'OEBPS/toc.ncx':
      '<?xml version="1.0" encoding="utf-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>山海行</text></docTitle><navMap><navPoint id="n1" playOrder="1"><navLabel><text>第一章 出发</text></navLabel><content src="Text/c1.xhtml"/></navPoint><navPoint id="n2" playOrder="2"><navLabel><text>第二章 相遇</text></navLabel><content src="Text/c2.xhtml"/></navPoint></navMap></ncx>',
    'OEBPS/Text/c1.xhtml': xhtmlPage('第一章 出发', '<h2>第一章 出发</h2><p>清晨，他背上行囊。</p><p>山路很长。</p>'),
    'OEBPS/Text/c2.xhtml': xhtmlPage('第二章 相遇', '<h2>第二章 相遇</h2><p>她站在桥头。</p>'),
    ...o.files,
  };
  const stored = new Set(['mimetype', ...(o.stored ?? [])]);
  return Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]): [string, [Uint8Array, { level: 0 | 6 }]] => [
          name,
          [typeof data === 'string' ? strToU8(data) : data, { level: stored.has(name) ? 0 : 6 }],
        ]),
      ),
    ),
  );
}
