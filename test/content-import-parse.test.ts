import iconv from 'iconv-lite';
import { decodeText } from '@/lib/server/content/import/decode';
import { headingKind, splitChapters, MAX_INTRO } from '@/lib/server/content/import/split';
import { parseEpub, xhtmlToText } from '@/lib/server/content/import/epub';
import { checkCover } from '@/lib/server/content/import/cover';
import { countWords } from '@/lib/server/content/import/word-count';
import { parseImportFile } from '@/lib/server/content/import/drafts';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import {
  AMBIGUOUS_BYTES,
  buildEpub,
  JAPANESE_TEXT,
  metaEpub,
  pngHeader,
  randomHighBytes,
  SIMPLIFIED_NOVEL,
  storedZip,
  TRADITIONAL_NOVEL,
  xhtmlPage,
} from '@/test/import-fixtures';

// Decoding, chapter detection and EPUB reading of the import (docs/content.md "Import").

const NOVEL =
  '《山海行》\n作者：青山\n\n第一章 出发\n　　清晨，他背上行囊。\n\n第二章　相遇\n她站在桥头，风吹起衣角。\n第三章：别离\n“再会。”\n';

describe('decoding', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeText(Buffer.from(NOVEL, 'utf8'))).toEqual({ text: NOVEL, encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NOVEL, 'utf8')]))).toEqual({
      text: NOVEL,
      encoding: 'utf-8-bom',
    });
  });

  it('reads GBK and GB18030 (including characters outside GBK) as GB18030', () => {
    expect(decodeText(iconv.encode(NOVEL, 'gbk'))).toEqual({ text: NOVEL, encoding: 'gb18030' });
    // 𠀀 (U+20000) and € only exist in GB18030's four-byte and extended ranges.
    const rare = `${NOVEL}他叫𠀀，欠了我一百€。\n`;
    const bytes = iconv.encode(rare, 'gb18030');
    expect(bytes.equals(Buffer.from(rare, 'utf8'))).toBe(false);
    expect(decodeText(bytes)).toEqual({ text: rare, encoding: 'gb18030' });
  });

  it('reads UTF-16 with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(NOVEL, 'utf-16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(NOVEL, 'utf-16be')]);
    expect(decodeText(le)).toEqual({ text: NOVEL, encoding: 'utf-16le' });
    expect(decodeText(be)).toEqual({ text: NOVEL, encoding: 'utf-16be' });
  });

  it('reads Big5 as Big5: the exact traditional text, not GB18030 mojibake', async () => {
    const bytes = iconv.encode(TRADITIONAL_NOVEL, 'big5');
    expect(decodeText(bytes)).toEqual({ text: TRADITIONAL_NOVEL, encoding: 'big5' });
    const parsed = await parseImportFile('風起.txt', bytes);
    expect(parsed.encoding).toBe('big5');
    expect(parsed.chapters.map((c) => c.title)).toEqual(['第一章 風起青萍', '第二章 舊信', '第三章 聽雨樓', '第四章 夜雨']);
    // Past the 64 KB the encodings are compared on, still read whole.
    const long = TRADITIONAL_NOVEL.repeat(60);
    expect(decodeText(iconv.encode(long, 'big5'))).toEqual({ text: long, encoding: 'big5' });
  });

  it('still reads simplified and traditional text in GBK and GB18030 exactly', () => {
    for (const text of [SIMPLIFIED_NOVEL, TRADITIONAL_NOVEL]) {
      expect(decodeText(iconv.encode(text, 'gbk'))).toEqual({ text, encoding: 'gb18030' });
      expect(decodeText(iconv.encode(text, 'gb18030'))).toEqual({ text, encoding: 'gb18030' });
    }
  });

  it('reads UTF-16 without a BOM by where its NUL bytes are', () => {
    for (const text of [SIMPLIFIED_NOVEL, TRADITIONAL_NOVEL, 'Chapter 1\nThe rain had not stopped for three days.\n']) {
      expect(decodeText(iconv.encode(text, 'utf-16le'))).toEqual({ text, encoding: 'utf-16le' });
      expect(decodeText(iconv.encode(text, 'utf-16be'))).toEqual({ text, encoding: 'utf-16be' });
    }
  });

  it('refuses mojibake rather than storing it: Shift_JIS, EUC-KR, random high bytes, a wrong encoding past the sample', () => {
    expect(() => decodeText(iconv.encode(JAPANESE_TEXT, 'shift_jis'))).toThrow(T.undecodable);
    expect(() => decodeText(iconv.encode(JAPANESE_TEXT, 'euc-jp'))).toThrow(T.undecodable);
    // Hangul in EUC-KR sits on GB2312's common characters: only their frequency gives it away.
    const korean = '대한민국은 민주공화국이다. 모든 권력은 국민으로부터 나온다. 나는 오늘 아침에 학교에 가서 친구들을 만났다.\n'.repeat(6);
    expect(() => decodeText(iconv.encode(korean, 'euc-kr'))).toThrow(T.undecodable);
    expect(() => decodeText(randomHighBytes(16 * 1024))).toThrow(T.undecodable);
    // 70 KB of good Big5, then Shift_JIS: the comparison sees only Big5, the check of the whole text refuses it.
    const mixed = Buffer.concat([iconv.encode(TRADITIONAL_NOVEL.repeat(30), 'big5'), iconv.encode(JAPANESE_TEXT.repeat(40), 'shift_jis')]);
    expect(mixed.length).toBeGreaterThan(64 * 1024 + 10_000);
    expect(() => decodeText(mixed)).toThrow(T.undecodable);
    // UTF-16 NULs, but the rest is not text.
    expect(() => decodeText(Buffer.concat([randomHighBytes(4096).map((b, i) => (i % 2 ? 0 : b))]))).toThrow(T.binaryFile);
  });

  it('refuses a file that reads as well in GB18030 as in Big5, naming both; the uploader picks', () => {
    expect(() => decodeText(AMBIGUOUS_BYTES)).toThrow(T.ambiguousEncoding([T.encodings.gb18030, T.encodings.big5]));
    expect(decodeText(AMBIGUOUS_BYTES, 'big5')).toEqual({ text: '乾假做參域婦控晚條票第統\n', encoding: 'big5' });
    expect(decodeText(AMBIGUOUS_BYTES, 'gb18030')).toEqual({ text: '爱安暗把办包北边兵布材参\n', encoding: 'gb18030' });
  });

  it('decodes as the uploader chose, refusing a choice that gives mojibake', () => {
    const big5 = iconv.encode(TRADITIONAL_NOVEL, 'big5');
    expect(decodeText(big5, 'big5')).toEqual({ text: TRADITIONAL_NOVEL, encoding: 'big5' });
    expect(() => decodeText(big5, 'gb18030')).toThrow(T.notThisEncoding(T.encodings.gb18030));
    expect(() => decodeText(big5, 'utf-8')).toThrow(T.notThisEncoding(T.encodings['utf-8']));
    expect(() => decodeText(iconv.encode(SIMPLIFIED_NOVEL, 'utf-16le'), 'utf-16be')).toThrow(T.notThisEncoding(T.encodings['utf-16be']));
    expect(decodeText(iconv.encode(SIMPLIFIED_NOVEL, 'utf-16be'), 'utf-16be')).toEqual({ text: SIMPLIFIED_NOVEL, encoding: 'utf-16be' });
    // A byte-order mark decides whatever was chosen.
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SIMPLIFIED_NOVEL)]);
    expect(decodeText(bom, 'big5')).toEqual({ text: SIMPLIFIED_NOVEL, encoding: 'utf-8-bom' });
  });

  it('turns a stray broken UTF-16 pair into U+FFFD, which the database can store', () => {
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      iconv.encode(NOVEL.repeat(5), 'utf-16le'),
      Buffer.from([0x00, 0xd8]),
      iconv.encode('完', 'utf-16le'),
    ]);
    const { text } = decodeText(broken);
    expect(text).toBe(`${NOVEL.repeat(5)}\uFFFD完`);
    expect(/\p{Cs}/u.test(text)).toBe(false);
  });

  it('refuses empty, binary and random files with a message', () => {
    expect(() => decodeText(Buffer.alloc(0))).toThrow(T.emptyFile);
    expect(() => decodeText(pngHeader(300, 400))).toThrow(T.binaryFile);
    let seed = 7;
    const random = Buffer.alloc(64 * 1024).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff || 1);
    expect(() => decodeText(random)).toThrow();
    expect(() => decodeText(Buffer.from('   \n\n  '))).toThrow(T.binaryFile);
  });
});

describe('chapter headings', () => {
  it.each([
    '第一章 出发',
    '第十二章',
    '第一百零八回 大结局',
    '第两千三百章：终',
    '第 12 章 风起',
    '第１２章 全角数字',
    '第3节',
    '第〇章 起',
    '序章',
    '楔子',
    '番外一 旧事',
    '尾声',
    'Chapter 7',
    '1-باب',
    '12 - باب',
    'باب 3',
    'بىرىنچى باب',
    'ئىككىنچى باپ يېڭى كۈن',
    '٣-بۆلۈم',
    'مۇقەددىمە',
    'ལེའུ་དང་པོ།',
    'ལེའུ་གཉིས་པ། ལམ་ཁ།',
    'ལེའུ་ ༡',
    'ལེའུ་༡༢',
    'ལེའུ་ 3',
    'སྔོན་གླེང་།',
  ])('%s is a chapter heading', (line) => expect(headingKind(line)).toBe('chapter'));

  it.each(['第一卷 风起', '第二部', 'بىرىنچى قىسىم', '1-قىسىم', 'བམ་པོ་དང་པོ།'])('%s is a volume heading', (line) =>
    expect(headingKind(line)).toBe('volume'),
  );

  it.each([
    '他第一次看见海。',
    '第一次见面时，他们都还年轻，谁也不知道后来会发生什么，那一天的阳光很好，风也很轻，街上的人来来往往，各自忙着各自的事情。',
    '序列号已经过期',
    '章节目录',
    'بۇ كىتاب ناھايىتى ياخشى.',
    'ལེའུ་འདི་ནི་ཧ་ཅང་རིང་པོ་རེད་ ང་ཚོས་ཀློག་གི་ཡོད། ད་དུང་མང་པོ་ཡོད། ཁྱེད་རང་གིས་ཀློག་རོགས། ང་ཚོ་ཚང་མ་ཡོང་གི་རེད།',
  ])('%s is text', (line) => expect(headingKind(line)).toBeNull());
});

describe('splitting', () => {
  it('splits Chinese chapters, keeps short front matter as the intro and drops indentation and blank lines', () => {
    const r = splitChapters(NOVEL);
    expect(r.intro).toBe('《山海行》\n作者：青山');
    expect(r.chapters).toEqual([
      { title: '第一章 出发', content: '清晨，他背上行囊。' },
      { title: '第二章　相遇', content: '她站在桥头，风吹起衣角。' },
      { title: '第三章：别离', content: '“再会。”' },
    ]);
  });

  it('makes long front matter a 序 chapter', () => {
    const front = '前'.repeat(MAX_INTRO + 1);
    const r = splitChapters(`${front}\n第一章 起\n正文`);
    expect(r.intro).toBe('');
    expect(r.chapters.map((c) => c.title)).toEqual([T.prefaceTitle, '第一章 起']);
    expect(r.chapters[0]!.content).toBe(front);
  });

  it('folds volume headings into the titles of their chapters; volumes alone are chapters', () => {
    const r = splitChapters('第一卷 风起\n卷首语\n第一章 少年\n甲\n第二章 出山\n乙\n第二卷 云涌\n第三章 入京\n丙');
    expect(r.chapters).toEqual([
      { title: '第一卷 风起 第一章 少年', content: '卷首语\n甲' },
      { title: '第一卷 风起 第二章 出山', content: '乙' },
      { title: '第二卷 云涌 第三章 入京', content: '丙' },
    ]);
    expect(splitChapters('第一卷\n甲\n第二卷\n乙').chapters.map((c) => c.title)).toEqual(['第一卷', '第二卷']);
  });

  it('splits Uyghur and Tibetan novels', () => {
    const ug = splitChapters('1-باب\nبىر كۈنى ئەتىگەن.\n2-باب\nئۇ يولغا چىقتى.');
    expect(ug.chapters.map((c) => c.title)).toEqual(['1-باب', '2-باب']);
    expect(countWords(ug.chapters[0]!.content, 0)).toBe(3);
    const bo = splitChapters('ལེའུ་དང་པོ།\nཉི་མ་ཤར་སོང་།\nལེའུ་གཉིས་པ།\nཁོ་ལམ་དུ་ཐོན།');
    expect(bo.chapters.map((c) => c.title)).toEqual(['ལེའུ་དང་པོ།', 'ལེའུ་གཉིས་པ།']);
    expect(countWords(bo.chapters[0]!.content, 2)).toBe(4);
  });

  it('a text without headings is one chapter, unless it is too long to be one', () => {
    expect(splitChapters('只有一段话。\n第二段。', '短篇').chapters).toEqual([{ title: '短篇', content: '只有一段话。\n第二段。' }]);
    expect(() => splitChapters('字'.repeat(200_001))).toThrow(T.noHeadings);
  });

  it('splits a 3,000-chapter text in order', () => {
    const body = Array.from({ length: 3000 }, (_, i) => `第${i + 1}章 标题${i + 1}\n${'正文内容。'.repeat(20)}`).join('\n');
    const started = Date.now();
    const r = splitChapters(body);
    expect(r.chapters).toHaveLength(3000);
    expect(r.chapters[2999]!.title).toBe('第3000章 标题3000');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('EPUB', () => {
  it('reads chapters in spine order with TOC titles, skipping pages without text', async () => {
    const book = await parseEpub(buildEpub());
    expect(book.title).toBe('山海行');
    expect(book.author).toBe('青山');
    expect(book.chapters).toEqual([
      { title: '第一章 出发', content: '清晨，他背上行囊。\n山路很长 & 很远。' },
      { title: '第二章 相遇', content: '她站在桥头。' },
    ]);
  });

  it('turns XHTML into paragraphs', () => {
    expect(xhtmlToText('<body><p>甲<br/>乙</p><div>&#x4e19;&lt;&gt;</div><script>x()</script></body>')).toBe('甲\n乙\n丙<>');
    expect(xhtmlToText('<body><p>甲\0乙&#0;&#xD800;</p></body>')).toBe('甲乙');
  });

  it('refuses DRM, broken and empty books; font obfuscation alone is fine', async () => {
    const drm =
      '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#"><EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/></EncryptedData></encryption>';
    await expect(parseEpub(buildEpub({ encryption: drm }))).rejects.toThrow(T.drmEpub);
    const fonts = drm.replace('http://www.w3.org/2001/04/xmlenc#aes128-cbc', 'http://www.idpf.org/2008/embedding');
    await expect(parseEpub(buildEpub({ encryption: fonts }))).resolves.toMatchObject({ title: '山海行' });
    const whole = buildEpub();
    await expect(parseEpub(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toThrow(T.badEpub);
    await expect(parseEpub(storedZip([['readme.txt', 'hello']]))).rejects.toThrow(T.badEpub);
    await expect(parseEpub(buildEpub({ chapters: [] }))).rejects.toThrow(T.emptyEpub);
  });

  it('refuses a book whose central directory declares sizes its stored data does not have', async () => {
    const book = buildEpub();
    // The last central-directory entry (a stored chapter) now claims 300 MB, and then 0 bytes, of a few hundred.
    const central = book.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    for (const size of [300 * 1024 * 1024, 0]) {
      const lie = Buffer.from(book);
      lie.writeUInt32LE(size, central + 24);
      await expect(parseEpub(lie)).rejects.toThrow(T.badEpub);
    }
  });

  it('a zip is read as an EPUB whatever its name', async () => {
    const parsed = await parseImportFile('book.txt', buildEpub());
    expect(parsed).toMatchObject({ format: 'epub', encoding: 'epub', title: '山海行', author: '青山' });
  });
});

describe('EPUB metadata and front matter', () => {
  const png = pngHeader(300, 400);
  const pngItem = '<item id="img" href="Images/front.png" media-type="image/png"/>';
  const cover = (book: Buffer) => parseEpub(book).then((b) => (b.cover ? Buffer.from(b.cover) : null));

  it("returns the cover the package declares: EPUB 2 meta, EPUB 3 cover-image, else the cover page's first image", async () => {
    const other = pngHeader(500, 500);
    const files = { 'OEBPS/Images/front.png': png, 'OEBPS/Images/other.png': other };
    // EPUB 2: <meta name="cover"> names the manifest item, whatever other image there is.
    expect(
      await cover(
        metaEpub({
          metadata: '<meta name="cover" content="img"/>',
          manifest: `${pngItem}<item id="o" href="Images/other.png" media-type="image/png"/>`,
          files,
        }),
      ),
    ).toEqual(png);
    // EPUB 3: the item with properties="cover-image".
    expect(
      await cover(
        metaEpub({
          version: 3,
          manifest: `<item id="img" href="Images/front.png" media-type="image/png" properties="cover-image"/><item id="o" href="Images/other.png" media-type="image/png"/>`,
          files,
        }),
      ),
    ).toEqual(png);
    // The guide's cover page: its first <img>, relative to the page.
    const coverPage = {
      'OEBPS/Text/cover.xhtml': xhtmlPage('封面', '<div><img src="../Images/front.png" alt=""/><img src="../Images/other.png"/></div>'),
    };
    expect(
      await cover(
        metaEpub({
          manifest: `${pngItem}<item id="cv" href="Text/cover.xhtml" media-type="application/xhtml+xml"/>`,
          spineBefore: '<itemref idref="cv"/>',
          guide: '<reference type="cover" href="Text/cover.xhtml" title="封面"/>',
          files: { ...files, ...coverPage },
        }),
      ),
    ).toEqual(png);
    // The landmarks' cover page in an EPUB 3: an SVG <image xlink:href>.
    const nav = xhtmlPage(
      '目录',
      '<nav epub:type="toc"><ol><li><a href="c1.xhtml">第一章 出发</a></li></ol></nav><nav epub:type="landmarks"><ol><li><a epub:type="cover" href="cover.xhtml">封面</a></li></ol></nav>',
    );
    const svgPage = xhtmlPage(
      '封面',
      '<svg xmlns="http://www.w3.org/2000/svg"><image width="300" height="400" xlink:href="../Images/front.png"/></svg>',
    );
    expect(
      await cover(
        metaEpub({
          version: 3,
          manifest: `${pngItem}<item id="nav" href="Text/nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="cv" href="Text/cover.xhtml" media-type="application/xhtml+xml"/>`,
          spineBefore: '<itemref idref="cv"/>',
          files: { 'OEBPS/Images/front.png': png, 'OEBPS/Text/nav.xhtml': nav, 'OEBPS/Text/cover.xhtml': svgPage },
        }),
      ),
    ).toEqual(png);
    // None declared, or one that is missing: no cover, and the book reads.
    expect(await cover(metaEpub({ manifest: pngItem, files }))).toBeNull();
    expect(await cover(metaEpub({ metadata: '<meta name="cover" content="img"/>', manifest: pngItem }))).toBeNull();
  });

  it('does not read a cover larger than the cover limit', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const book = metaEpub({
      metadata: '<meta name="cover" content="img"/>',
      manifest: pngItem,
      files: { 'OEBPS/Images/front.png': big },
      stored: ['OEBPS/Images/front.png'],
    });
    const parsed = await parseEpub(book);
    expect(parsed.cover).toBeNull();
    expect(parsed.chapters).toHaveLength(2);
    // Never inflated: the reading stayed far below the image's size.
    expect(parsed.inflatedBytes).toBeLessThan(100_000);
  });

  it('reads the description as plain text and the subjects', async () => {
    const book = await parseEpub(
      metaEpub({
        metadata:
          '<dc:description>&lt;p&gt;少年&amp;amp;远行，&lt;b&gt;山海&lt;/b&gt;之间。&lt;/p&gt;\n\n  &lt;p&gt;第二段&amp;#x3002;&lt;/p&gt;</dc:description><dc:subject>仙侠</dc:subject><dc:subject> 热血 </dc:subject><dc:subject>仙侠</dc:subject>',
      }),
    );
    expect(book.description).toBe('少年&远行，山海之间。 第二段。');
    expect(book.subjects).toEqual(['仙侠', '热血']);
    const long = await parseEpub(metaEpub({ metadata: `<dc:description>${'长'.repeat(2500)}</dc:description>` }));
    expect(long.description).toHaveLength(2000);
    expect(await parseEpub(metaEpub())).toMatchObject({ description: '', subjects: [], cover: null, skipped: [] });
  });

  it('leaves front and back matter out of the chapters and lists it as skipped', async () => {
    const page = (name: string, title: string, body: string): [string, string] => [`OEBPS/Text/${name}.xhtml`, xhtmlPage(title, body)];
    const item = (name: string, props = '') =>
      `<item id="${name}" href="Text/${name}.xhtml" media-type="application/xhtml+xml"${props ? ` properties="${props}"` : ''}/>`;
    const longLine = '本书由书声文学出品，版权所有，未经许可不得转载或以任何形式复制本书的任何部分。';
    const files = Object.fromEntries([
      page('title', '扉页', '<h1>山海行</h1><p>青山 著</p>'),
      page('copyright', '版权', `<h2>版权信息</h2><p>${longLine}</p>`),
      page('dedication', '献词', `<h2>献给远方</h2><p>${longLine}</p>`),
      page(
        'nav',
        '目录',
        '<nav epub:type="toc"><h1>目录</h1><ol><li><a href="c1.xhtml">第一章 出发</a></li><li><a href="c2.xhtml">第二章 相遇</a></li></ol></nav><nav epub:type="landmarks"><ol><li><a epub:type="copyright-page" href="copyright.xhtml">版权</a></li></ol></nav>',
      ),
      page('ad', '广告', `<h2>更多好书</h2><p>${longLine}</p>`),
      page('afterword', '后记', `<h2>后记</h2><p>${longLine}</p>`),
    ]);
    const book = await parseEpub(
      metaEpub({
        version: 3,
        manifest: ['title', 'copyright', 'dedication', 'ad', 'afterword'].map((n) => item(n)).join('') + item('nav', 'nav'),
        spineBefore: '<itemref idref="title"/><itemref idref="nav"/><itemref idref="copyright"/><itemref idref="dedication"/>',
        spineAfter: '<itemref idref="ad" linear="no"/><itemref idref="afterword"/>',
        files,
      }),
    );
    // The title page is short and not in the TOC, the nav document is the nav, the copyright page a landmark, the
    // advert non-linear; the dedication and the afterword have text of their own and stay chapters.
    expect(book.chapters.map((c) => c.title)).toEqual(['献给远方', '第一章 出发', '第二章 相遇', '后记']);
    expect(book.skipped.map((p) => p.title)).toEqual(['山海行', '目录', '版权信息', '更多好书']);
    // Kept with their text (less a heading that repeats the title) and the number of chapters before them.
    expect(book.skipped.map((p) => p.at)).toEqual([0, 0, 0, 3]);
    expect(book.skipped[2]).toEqual({ title: '版权信息', content: longLine, at: 0 });
    // EPUB 2: the guide's types; and a page that is one heading only, even one the TOC names.
    const guided = await parseEpub(
      metaEpub({
        manifest: item('copyright') + item('toc') + item('part'),
        spineBefore: '<itemref idref="copyright"/><itemref idref="toc"/><itemref idref="part"/>',
        guide:
          '<reference type="copyright-page" href="Text/copyright.xhtml" title="版权"/><reference type="toc" href="Text/toc.xhtml#start" title="目录"/>',
        files: {
          ...files,
          ...Object.fromEntries([
            page('toc', '目录', `<h2>目录</h2><p>第一章 出发</p><p>第二章 相遇</p><p>${longLine}</p>`),
            page('part', '第一卷', '<h1>第一卷 少年时代的那些山和那些海</h1>'),
          ]),
        },
      }),
    );
    expect(guided.chapters.map((c) => c.title)).toEqual(['第一章 出发', '第二章 相遇']);
    expect(guided.skipped.map((p) => p.title)).toEqual(['版权信息', '目录', '第一卷 少年时代的那些山和那些海']);
  });
});

describe('covers', () => {
  it('accepts PNG, JPEG and WebP by their bytes and refuses the rest', () => {
    expect(checkCover(pngHeader(300, 400))).toEqual({ ext: 'png', width: 300, height: 400 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x90, 0x01, 0x2c, 0x03]);
    expect(checkCover(jpeg)).toEqual({ ext: 'jpg', width: 300, height: 400 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.writeUInt32LE(22, 4);
    webp.write('WEBPVP8 ', 8, 'latin1');
    webp.writeUInt16LE(300, 26);
    webp.writeUInt16LE(400, 28);
    expect(checkCover(webp)).toEqual({ ext: 'webp', width: 300, height: 400 });
    expect(() => checkCover(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(T.coverType);
    expect(() => checkCover(pngHeader(20, 20))).toThrow(T.coverSize);
    expect(() => checkCover(pngHeader(100_000, 400))).toThrow(T.coverSize);
    expect(() => checkCover(Buffer.concat([pngHeader(300, 400), Buffer.alloc(5 * 1024 * 1024)]))).toThrow(T.coverTooLarge(5));
  });

  it('refuses a polyglot: markup anywhere, bytes past a PNG’s IEND or a WebP’s RIFF length', () => {
    const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    expect(checkCover(Buffer.concat([pngHeader(300, 400), iend])).ext).toBe('png');
    expect(() => checkCover(Buffer.concat([pngHeader(300, 400), iend, Buffer.from('PK\x03\x04zip')]))).toThrow(T.coverPolyglot);
    expect(() => checkCover(Buffer.concat([pngHeader(300, 400), Buffer.from('<html><script>alert(1)</script>')]))).toThrow(T.coverPolyglot);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x90, 0x01, 0x2c, 0x03]);
    expect(() => checkCover(Buffer.concat([jpeg, Buffer.from('<svg onload=alert(1)>')]))).toThrow(T.coverPolyglot);
    const webp = Buffer.alloc(40);
    webp.write('RIFF', 0, 'latin1');
    webp.writeUInt32LE(22, 4);
    webp.write('WEBPVP8 ', 8, 'latin1');
    webp.writeUInt16LE(300, 26);
    webp.writeUInt16LE(400, 28);
    expect(() => checkCover(webp)).toThrow(T.coverPolyglot);
  });
});
