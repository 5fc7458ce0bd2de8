import { parseEpub } from '@/lib/server/content/import/epub';
import { parseImportFile } from '@/lib/server/content/import/drafts';
import type { ParseOptions, ParseStats } from '@/lib/server/content/import/parse-in-worker';
import { ZIP_LIMITS } from '@/lib/server/content/import/zip-reader.mjs';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import {
  buildEpub,
  buildZip,
  deflatedRepeat,
  EPUB_CHAPTER_1,
  epubFiles,
  epubWith,
  richEpub,
  withDeclaredSize,
  type ZipEntry,
} from '@/test/import-fixtures';

// Hostile uploads (docs/content.md "Import", "Limits"): zip bombs that lie about their sizes or do not, archives of
// many entries, zips inside the book, and files that take too long to parse. Each is refused with its message, in a
// process of its own, before it costs the server more than a few megabytes; a normal book still imports as it did.

const MB = 1024 * 1024;
const page = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`;

/** A parse's outcome, the peak RSS of the process that parsed (as it reported it) and this process's growth meanwhile. */
async function measured<R>(parse: (options: ParseOptions) => Promise<R>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  let stats: ParseStats | undefined;
  const started = performance.now();
  const [outcome] = await Promise.allSettled([parse({ onStats: (s) => (stats = s) })]);
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { outcome, ms, workerMb: stats?.maxRssMb ?? Infinity, serverGrewMb: (Math.max(peak, process.memoryUsage.rss()) - before) / MB };
}

/** Ordinary Chinese paragraphs (a fixed seed): deflate makes them two to three times smaller, not a hundred. */
function prose(paragraphs: number): string {
  let seed = 11;
  const han = () => String.fromCharCode(0x4e00 + (((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 3000));
  return Array.from({ length: paragraphs }, () => `<p>${Array.from({ length: 40 }, han).join('')}。</p>`).join('');
}

const message = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected' ? (outcome.reason as Error).message : 'accepted';

// 300 MB of XHTML paragraphs deflated to under a megabyte: the attack as reported, at its real size.
const REAL_BOMB = deflatedRepeat(Buffer.alloc(MB, '<p>山海行，山海行。</p>\n'), 300);

describe('zip bombs', () => {
  it('refuses a 300 MB chapter that declares 1,000 bytes, at once and without the memory', async () => {
    const honest = epubWith({ deflated: REAL_BOMB });
    expect(honest.length).toBeLessThan(MB);
    const lying = withDeclaredSize(honest, EPUB_CHAPTER_1, 1000);
    // A normal book, for the parsing process's own size.
    const normal = await measured((o) => parseEpub(buildEpub(), o));
    expect(normal.outcome.status).toBe('fulfilled');
    const bomb = await measured((o) => parseEpub(lying, o));
    expect(message(bomb.outcome)).toBe(T.badEpub);
    // Inflation stops at the first 16 KB past the 1,000 bytes declared: nothing like the 300 MB the entry holds.
    expect(bomb.workerMb - normal.workerMb).toBeLessThan(40);
    expect(bomb.serverGrewMb).toBeLessThan(40);
    expect(bomb.ms).toBeLessThan(5000);
  });

  it('refuses a bomb that declares its real size before inflating anything', async () => {
    const normal = await measured((o) => parseEpub(buildEpub(), o));
    const bomb = await measured((o) => parseEpub(epubWith({ deflated: REAL_BOMB }), o));
    expect(message(bomb.outcome)).toBe(T.epubTooLarge);
    expect(bomb.workerMb - normal.workerMb).toBeLessThan(40);
  });

  it('counts what entries actually inflate: per entry, in total (a chapter read many times) and against what they declared', async () => {
    const chapter = page(prose(12_000)); // about 1.5 MB
    const book = epubWith({ data: chapter, deflate: true });
    await expect(parseEpub(book)).resolves.toMatchObject({ chapters: [{ title: '第一章 出发' }, { title: '第二章 相遇' }] });
    await expect(parseEpub(book, { zip: { maxEntryBytes: MB } })).rejects.toThrow(T.epubTooLarge);
    // Declared as 1 KB less than it is: refused once the inflation passes what was declared.
    const short = withDeclaredSize(book, EPUB_CHAPTER_1, Buffer.byteLength(chapter) - 1024);
    await expect(parseEpub(short)).rejects.toThrow(T.badEpub);
    // The spine names the same 1.5 MB chapter five times: 7.5 MB read, over a 4 MB total however little is declared.
    const files = epubFiles().map(([name, data]): ZipEntry => {
      if (name === EPUB_CHAPTER_1) return { name, data: chapter, deflate: true };
      if (name === 'OEBPS/content.opf') return { name, data: data.replace('<itemref idref="c1"/>', '<itemref idref="c1"/>'.repeat(5)) };
      return { name, data };
    });
    await expect(parseEpub(buildZip(files), { zip: { maxTotalBytes: 4 * MB } })).rejects.toThrow(T.epubTooLarge);
  });

  it('refuses entries that declare more than 100 times their compressed size, beyond the first megabyte', async () => {
    const repeated = page('<p>山海行。</p>'.repeat(400_000)); // 7 MB of one line
    expect(ZIP_LIMITS.maxRatio).toBe(100);
    await expect(parseEpub(epubWith({ data: repeated, deflate: true }))).rejects.toThrow(T.epubTooLarge);
    // Ordinary text of the same size compresses a few times only.
    await expect(parseEpub(epubWith({ data: page(prose(60_000)), deflate: true }))).resolves.toMatchObject({ chapters: { length: 2 } });
  });

  it('refuses an archive of 100,000 entries by its entry count, quickly', async () => {
    const files: ZipEntry[] = epubFiles().map(([name, data]) => ({ name, data }));
    for (let i = 0; i < 100_000; i++) files.push({ name: `OEBPS/junk/${i}.txt`, data: 'x' });
    const zip = buildZip(files);
    const started = performance.now();
    await expect(parseEpub(zip)).rejects.toThrow(T.epubTooLarge);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('never opens a zip inside the book: the book imports and the inner bomb stays compressed', async () => {
    const inner = buildZip([{ name: 'bomb.txt', deflated: REAL_BOMB }]);
    for (const deflate of [false, true]) {
      const book = epubWith({ data: epubFiles().find(([name]) => name === EPUB_CHAPTER_1)![1], deflate }, [
        { name: 'OEBPS/extra/bomb.zip', data: inner, deflate },
        { name: 'OEBPS/extra/bomb.epub', data: inner },
      ]);
      const parsed = await parseEpub(book);
      expect(parsed.chapters.map((c) => c.title)).toEqual(['第一章 出发', '第二章 相遇']);
      // Only the book's own files were inflated: a few kilobytes.
      expect(parsed.inflatedBytes).toBeLessThan(16 * 1024);
    }
  });
});

describe('the parsing process', () => {
  // Unclosed <script> tags make the XHTML conversion quadratic: over 30 s of CPU for a 480 KB chapter.
  const slow = epubWith({ data: page(`<p>${'<script>'.repeat(60_000)}</p>`), deflate: true });

  it('stops a parse past its time limit with a message, while this thread stays responsive', async () => {
    let last = performance.now();
    let worstGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await expect(parseEpub(slow, { timeMs: 1500 })).rejects.toThrow(T.parseTimeout(2));
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(took).toBeLessThan(5000);
    // The timer kept firing about every 10 ms; a parse on this thread would have held it past the limit itself.
    expect(worstGap).toBeLessThan(750);
  });

  it('parses two files at once and tells a third upload to try again', async () => {
    const two = [parseEpub(slow, { timeMs: 1500 }), parseEpub(slow, { timeMs: 1500 })];
    await expect(parseEpub(buildEpub())).rejects.toThrow(T.parseBusy);
    for (const outcome of await Promise.allSettled(two)) expect(message(outcome)).toBe(T.parseTimeout(2));
    // Both processes are gone once their uploads have their answers: the next one is parsed.
    await expect(parseEpub(buildEpub())).resolves.toMatchObject({ chapters: { length: 2 } });
  });

  it('refuses a file whose parse needs more memory than its process may use', async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `第${i + 1}章\n${'山高水长，风起云涌。'.repeat(500)}`).join('\n');
    await expect(parseImportFile('big.txt', Buffer.from(text), { heapMb: 16 })).rejects.toThrow(T.parseOutOfMemory);
    await expect(parseImportFile('big.txt', Buffer.from(text))).resolves.toMatchObject({ format: 'txt', chapters: { length: 2000 } });
  }, 60_000);
});

describe('a book as real tools make them', () => {
  it('imports an EPUB 3 with cover, nav document, title page and preface with the same chapters as before', async () => {
    // What the book's former reader (epub2 over adm-zip) made of this file, recorded before the change.
    await expect(parseEpub(richEpub())).resolves.toEqual({
      title: '山海行\n      （修订版）',
      author: '青山',
      description: '',
      subjects: [],
      // The declared cover's bytes, as stored (drafts.ts checks them; this one is no image a cover can be).
      cover: expect.any(Uint8Array),
      // Changed on purpose: the title page (a short page the TOC does not name) is no longer a chapter.
      skipped: [{ title: '山海行', content: expect.any(String), at: 0 }],
      chapters: [
        { title: '前言', content: '这是一个关于远行的故事。\n写于二〇二三年冬。' },
        { title: '第一章 少年', content: '清晨，他背上行囊。\n山路很长 & 很远。\n他没有回头。' },
        { title: '第二章 出山', content: '她站在桥头。\n“走吧。”' },
        { title: '第三章 入京', content: '京城到了。' },
      ],
      inflatedBytes: expect.any(Number),
    });
  });
});
