import 'server-only';
import { EPub } from 'epub2';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { invalid } from '../../http/errors';
import { MAX_CHAPTERS, paragraphs, type SplitChapter } from './split';

// Font obfuscation (IDPF, Adobe) lists fonts in encryption.xml without making the text unreadable; anything else
// listed there is DRM.
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#rc']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** XHTML of one spine item to the plain paragraphs chapters store: block ends are line breaks, tags go, entities decode. */
export function xhtmlToText(xhtml: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? xhtml;
  const text = body
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|section|blockquote|tr|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
  // NUL and lone surrogates cannot be stored in PostgreSQL text.
  return paragraphs(text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD')).join('\n');
}

function readZipFile(book: EPub, name: string): Promise<Buffer | null> {
  return new Promise((resolve) => book.zip.readFile(name, (err: Error | null, data?: Buffer) => resolve(err || !data ? null : data)));
}

/**
 * adm-zip inflates each entry into a buffer of the size the archive declares for it, so the declared sizes bound the
 * memory a book can make us spend: a zip bomb is refused before any chapter is read. Except that adm-zip caps the
 * inflation at the declared size only when that size is above 0: an entry declaring 0 bytes with compressed data
 * behind it would inflate without limit, so it is refused too (an empty entry deflates to 2 bytes, is stored as 0).
 */
export const MAX_EPUB_INFLATED = 256 * 1024 * 1024;
const EMPTY_DEFLATED_MAX = 8;
function assertSaneSizes(book: EPub): void {
  const zip = book.zip as unknown as {
    admZip?: { getEntries(): Array<{ isDirectory?: boolean; header: { size: number; compressedSize: number } }> };
  };
  const entries = zip.admZip?.getEntries() ?? [];
  let total = 0;
  for (const e of entries) {
    const size = Number(e.header?.size) || 0;
    const compressed = Number(e.header?.compressedSize) || 0;
    if (size === 0 && compressed > EMPTY_DEFLATED_MAX) throw invalid(T.badEpub);
    total += size;
  }
  if (total > MAX_EPUB_INFLATED) throw invalid(T.badEpub);
}

async function assertNoDrm(book: EPub): Promise<void> {
  const names: string[] = book.zip.names ?? [];
  if (names.some((n) => n.toLowerCase() === 'meta-inf/rights.xml')) throw invalid(T.drmEpub);
  const name = names.find((n) => n.toLowerCase() === 'meta-inf/encryption.xml');
  if (!name) return;
  const xml = (await readZipFile(book, name))?.toString('utf8') ?? '';
  const algorithms = [...xml.matchAll(/EncryptionMethod[^>]*Algorithm\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!.toLowerCase());
  if (!xml || algorithms.some((a) => !FONT_OBFUSCATION.has(a))) throw invalid(T.drmEpub);
}

export interface EpubBook {
  title: string;
  author: string;
  chapters: SplitChapter[];
}

/**
 * An EPUB's readable text in spine order (docs/content.md "Import", "EPUB"): each spine item with text is a chapter,
 * titled from the table of contents (else its first line). Encrypted books and broken archives are refused.
 */
export async function parseEpub(buf: Buffer): Promise<EpubBook> {
  let book: EPub;
  try {
    // epub2 hands its argument to adm-zip, which takes a Buffer as well as a path: nothing touches the disk.
    book = await EPub.createAsync(buf as unknown as string);
  } catch {
    throw invalid(T.badEpub);
  }
  assertSaneSizes(book);
  await assertNoDrm(book);
  const tocTitle = new Map<string, string>();
  for (const item of book.toc ?? []) {
    const href = (item.href ?? '').split('#')[0]!;
    if (href && item.title && !tocTitle.has(href)) tocTitle.set(href, String(item.title).trim());
  }
  const chapters: SplitChapter[] = [];
  for (const item of book.flow ?? []) {
    if (!item.id) continue;
    let raw: string;
    try {
      raw = await book.getChapterRawAsync(item.id);
    } catch {
      throw invalid(T.badEpub);
    }
    const text = xhtmlToText(raw);
    if (!text) continue;
    const lines = text.split('\n');
    const fromToc = tocTitle.get((item.href ?? '').split('#')[0]!);
    const title = (fromToc || lines[0]!).slice(0, 128);
    // The chapter's own heading repeats the TOC title: keep it out of the text.
    const content = lines[0] === title ? lines.slice(1).join('\n') : text;
    chapters.push({ title, content });
    if (chapters.length > MAX_CHAPTERS) throw invalid(T.tooManyChapters(MAX_CHAPTERS));
  }
  if (!chapters.length) throw invalid(T.emptyEpub);
  const meta = book.metadata ?? {};
  return { title: String(meta.title ?? '').trim(), author: String(meta.creator ?? '').trim(), chapters };
}
