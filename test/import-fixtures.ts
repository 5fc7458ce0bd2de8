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
