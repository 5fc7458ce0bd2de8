// An EPUB's readable text in spine order (docs/content.md "Import", "EPUB"), read through zip-reader.mjs with its
// caps. Plain ESM, as the parse worker runs it (refusal.mjs says why); epub.ts is its typed face for the server.
// The reading follows what the book's former reader (epub2) did, so books import as they did: the package document
// named by META-INF/container.xml, its manifest and spine, titles from the NCX the spine names.
import path from 'node:path';
import { openZip, ZIP_LIMITS } from './zip-reader.mjs';
import { childrenNamed, find, findAll, parseXml, textOf } from './xml-tree.mjs';
import { MAX_CHAPTERS, paragraphs } from './text-split.mjs';
import { refuse } from './refusal.mjs';

// Font obfuscation (IDPF, Adobe) lists fonts in encryption.xml without making the text unreadable; anything else
// listed there is DRM.
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#rc']);

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** XHTML of one spine item to the plain paragraphs chapters store: block ends are line breaks, tags go, entities decode. */
export function xhtmlToText(xhtml) {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? xhtml;
  const text = body
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|section|blockquote|tr|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
  // NUL and lone surrogates cannot be stored in PostgreSQL text.
  return paragraphs(text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD')).join('\n');
}

// Not fatal: a broken byte becomes U+FFFD, as before.
const utf8 = new TextDecoder();
const EMPTY = { name: '', attrs: {}, children: [] };

const dirOf = (name) => (name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '');
/** An href of the package document or the NCX, as the name of a zip entry. */
const resolve = (dir, href) => path.posix.normalize(path.posix.join(dir, href)).replace(/^(\.\/)+/, '');
function decoded(href) {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

/** The entry's text, looked up as written and then percent-decoded; a missing file breaks the book. */
function readText(zip, name) {
  const bytes = zip.has(name) ? zip.read(name) : zip.read(decoded(name));
  return bytes ? utf8.decode(bytes) : refuse('badEpub');
}

/** The package document: META-INF/container.xml names it, by media type (names compared without case). */
function packageName(zip, nameOf) {
  const mimetype = nameOf('mimetype');
  if (!mimetype || readText(zip, mimetype).trim().toLowerCase() !== 'application/epub+zip') refuse('badEpub');
  const container = nameOf('meta-inf/container.xml');
  if (!container) refuse('badEpub');
  const rootfile = findAll(parseXml(readText(zip, container)), 'rootfile').find(
    (r) => (r.attrs['media-type'] ?? '').toLowerCase() === 'application/oebps-package+xml' && r.attrs['full-path']?.trim(),
  );
  return (rootfile && nameOf(rootfile.attrs['full-path'].trim().toLowerCase())) || refuse('badEpub');
}

/** rights.xml, or an encryption.xml listing anything but font obfuscation, is DRM. */
function assertNoDrm(zip, nameOf) {
  if (nameOf('meta-inf/rights.xml')) refuse('drmEpub');
  const name = nameOf('meta-inf/encryption.xml');
  if (!name) return;
  const xml = readText(zip, name);
  const algorithms = [...xml.matchAll(/EncryptionMethod[^>]*Algorithm\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1].toLowerCase());
  if (!xml || algorithms.some((a) => !FONT_OBFUSCATION.has(a))) refuse('drmEpub');
}

/**
 * Titles from the NCX, by the file they point at (without the #fragment). The first entry for a file names it;
 * except that entries pointing at exactly a manifest item's href share that item, so of those the last one's title
 * holds (a volume entry and its first chapter on the same file: the chapter's title), as the book's former reader
 * did. Entries nested deeper than 8 levels are not read.
 */
function ncxTitles(zip, ncxName, manifest) {
  const root = parseXml(readText(zip, ncxName));
  const dir = dirOf(ncxName);
  const items = new Map([...manifest.values()].map((item) => [item.href, { href: item.href, title: '' }]));
  const entries = [];
  const pending = childrenNamed(find(root, 'navMap') ?? EMPTY, 'navPoint')
    .reverse()
    .map((node) => ({ node, level: 0 }));
  while (pending.length) {
    const { node, level } = pending.pop();
    if (level > 7) continue;
    const label = childrenNamed(node, 'navLabel')[0];
    const src = childrenNamed(node, 'content')[0]?.attrs.src?.trim();
    if (label && src) {
      const texts = childrenNamed(label, 'text');
      const title = texts.length === 1 && !Object.keys(texts[0].attrs).length ? textOf(texts[0]).trim() : '';
      const href = resolve(dir, src);
      const entry = items.get(href) ?? { href, title: '' };
      entry.title = title;
      entries.push(entry);
    }
    const inner = childrenNamed(node, 'navPoint');
    for (let i = inner.length - 1; i >= 0; i--) pending.push({ node: inner[i], level: level + 1 });
  }
  const titles = new Map();
  for (const { href, title } of entries) {
    const file = decoded(href.split('#')[0]);
    if (file && title && !titles.has(file)) titles.set(file, title);
  }
  return titles;
}

/**
 * The book: each spine item with text is a chapter, titled from the NCX (else its first line, which then is not
 * repeated in the text). Broken archives and books without the EPUB structure are refused, as are DRM and books
 * without text; zip-reader.mjs refuses what passes its caps. `inflatedBytes` is what the reading inflated.
 */
export function parseEpubBook(bytes, limits = ZIP_LIMITS) {
  const zip = openZip(bytes, limits);
  const nameOf = (lower) => zip.names.find((n) => n.toLowerCase() === lower);
  const opfName = packageName(zip, nameOf);
  assertNoDrm(zip, nameOf);
  const opf = parseXml(readText(zip, opfName));
  const opfDir = dirOf(opfName);
  const manifest = new Map();
  for (const item of findAll(find(opf, 'manifest') ?? EMPTY, 'item')) {
    const { id, href, 'media-type': mediaType } = item.attrs;
    if (id) manifest.set(id, { href: href ? resolve(opfDir, href) : '', mediaType });
  }
  const spine = find(opf, 'spine') ?? EMPTY;
  const toc = manifest.get(spine.attrs.toc);
  const titles = toc?.href ? ncxTitles(zip, toc.href, manifest) : new Map();
  const chapters = [];
  for (const ref of findAll(spine, 'itemref')) {
    const item = manifest.get(ref.attrs.idref);
    if (!item) continue;
    if (item.mediaType !== 'application/xhtml+xml' && item.mediaType !== 'image/svg+xml') refuse('badEpub');
    const text = xhtmlToText(readText(zip, item.href));
    if (!text) continue;
    const lines = text.split('\n');
    const title = (titles.get(decoded(item.href)) || lines[0]).slice(0, 128);
    // The chapter's own heading repeats the TOC title: keep it out of the text.
    const content = lines[0] === title ? lines.slice(1).join('\n') : text;
    chapters.push({ title, content });
    if (chapters.length > MAX_CHAPTERS) refuse('tooManyChapters', MAX_CHAPTERS);
  }
  if (!chapters.length) refuse('emptyEpub');
  const metadata = find(opf, 'metadata');
  const meta = (name) => textOf(find(metadata, name)).trim();
  return { title: meta('title'), author: meta('creator'), chapters, inflatedBytes: zip.inflated };
}
