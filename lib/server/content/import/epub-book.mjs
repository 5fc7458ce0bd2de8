// An EPUB's readable text in spine order (docs/content.md "Import", "EPUB"), read through zip-reader.mjs with its
// caps. Plain ESM, as the parse worker runs it (refusal.mjs says why); epub.ts is its typed face for the server.
// The reading follows what the book's former reader (epub2) did, so books import as they did: the package document
// named by META-INF/container.xml, its manifest and spine, titles from the NCX the spine names.
import path from 'node:path';
import { openZip, ZIP_LIMITS } from './zip-reader.mjs';
import { childrenNamed, find, findAll, parseXml, textOf } from './xml-tree.mjs';
import { MAX_CHAPTERS, MAX_SINGLE_CHAPTER, paragraphs } from './text-split.mjs';
import { isRefusal, refuse } from './refusal.mjs';

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

/** Guide and landmark types of pages that are not chapters (EPUB 2 `<guide>`, EPUB 3 `landmarks`). */
const FRONT_MATTER = new Set(['cover', 'title-page', 'titlepage', 'copyright-page', 'toc']);
/** A page the TOC does not name, with less text than this, is a title line, not a chapter. */
const SHORT_PAGE_CHARS = 20;
const MAX_DESCRIPTION = 2000;
const MAX_SUBJECTS = 50;

/** HTML (as `dc:description` often holds, escaped or not) to one line of plain text. */
export function plainDescription(html) {
  // Block tags and line breaks part words, inline tags do not.
  const untag = (t) => t.replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|section)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '');
  let text = html;
  // Escaped markup decodes to markup, which then goes like the rest.
  for (let pass = 0; pass < 2; pass++) text = decodeEntities(untag(text));
  return untag(text)
    .replace(/[\0\p{Cs}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_DESCRIPTION);
}

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Files (zip names, no #fragment) that the guide or the nav document's landmarks give as front matter, by type. */
function landmarks(zip, opf, opfDir, navName) {
  const types = new Map();
  const add = (dir, href, type) => {
    const file = href && decoded(resolve(dir, href.split('#')[0]));
    const kind = (type ?? '').trim().toLowerCase();
    if (file && FRONT_MATTER.has(kind) && !types.has(file)) types.set(file, kind === 'titlepage' ? 'title-page' : kind);
  };
  for (const ref of findAll(find(opf, 'guide') ?? EMPTY, 'reference')) add(opfDir, ref.attrs.href?.trim(), ref.attrs.type);
  if (navName) {
    const nav = parseXml(readText(zip, navName));
    const marks = findAll(nav, 'nav').find((n) => (n.attrs.type ?? '').split(/\s+/).includes('landmarks'));
    for (const a of findAll(marks ?? EMPTY, 'a')) {
      for (const type of (a.attrs.type ?? '').split(/\s+/)) add(dirOf(navName), a.attrs.href?.trim(), type);
    }
  }
  return types;
}

/** The first image of a page (`<img src>` or SVG `<image href>`), as a zip name. */
function firstImage(zip, pageName) {
  const page = parseXml(readText(zip, pageName));
  const img = findAll(page, 'img')[0]?.attrs.src ?? findAll(page, 'image')[0]?.attrs.href;
  return img?.trim() ? decoded(resolve(dirOf(pageName), img.trim().split('#')[0])) : '';
}

/**
 * The cover's bytes, or null: the manifest item the EPUB 2 `<meta name="cover">` names, else the EPUB 3 item with
 * `properties="cover-image"`, else the first image of the page the guide or landmarks call the cover. An entry that
 * declares more than `maxBytes`, is missing or broken is no cover; the book is still read. Its bytes count against
 * the zip caps like any entry read.
 */
function coverBytes(zip, opf, manifest, frontMatter, maxBytes) {
  const metaCover = findAll(find(opf, 'metadata') ?? EMPTY, 'meta').find((m) => m.attrs.name?.trim().toLowerCase() === 'cover');
  const byProperty = [...manifest.values()].find((item) => item.properties.includes('cover-image'));
  const coverPage = [...frontMatter].find(([, type]) => type === 'cover')?.[0];
  let name = manifest.get(metaCover?.attrs.content?.trim())?.href || byProperty?.href || '';
  try {
    if (!name && coverPage && zip.has(coverPage)) name = firstImage(zip, coverPage);
    const entry = zip.has(name) ? name : decoded(name);
    const size = zip.sizeOf(entry);
    if (size === null || size === 0 || size > maxBytes) return null;
    return zip.read(entry);
  } catch (err) {
    if (isRefusal(err)) return null;
    throw err;
  }
}

/** A skipped page's text held to what one chapter may be (MAX_SINGLE_CHAPTER), cut at a line end when it can be. */
function capped(text) {
  if (text.length <= MAX_SINGLE_CHAPTER) return text;
  const cut = text.lastIndexOf('\n', MAX_SINGLE_CHAPTER);
  return text.slice(0, cut > 0 ? cut : MAX_SINGLE_CHAPTER);
}

/** `dc:subject` values, each split at the separators the form's tags use (drafts.ts checks them as tags). */
function subjectsOf(metadata) {
  const subjects = findAll(metadata ?? EMPTY, 'subject').map((s) => textOf(s).replace(/\s+/g, ' ').trim());
  return [...new Set(subjects.filter(Boolean))].slice(0, MAX_SUBJECTS);
}

/**
 * The book: each spine item with text is a chapter, titled from the NCX (else its first line, which then is not
 * repeated in the text). Front and back matter are not chapters but listed in `skipped`: spine items marked
 * `linear="no"`, the EPUB 3 navigation document, pages the guide or landmarks call cover, title page, copyright page
 * or table of contents, and title pages: a page whose only line is its TOC title or is shorter than 20 characters,
 * or a page the TOC does not name with fewer than 20 characters. A skipped page keeps its text (at most
 * MAX_SINGLE_CHAPTER characters, at most MAX_CHAPTERS pages) and `at`, the number of chapters before it. The package's cover image, description and subjects come back too (`cover` bounded by
 * `options.maxCoverBytes`). Broken archives and books without the EPUB structure are refused, as are DRM and books
 * without text; zip-reader.mjs refuses what passes its caps. `inflatedBytes` is what the reading inflated.
 */
export function parseEpubBook(bytes, limits = ZIP_LIMITS, options = {}) {
  const zip = openZip(bytes, limits);
  const nameOf = (lower) => zip.names.find((n) => n.toLowerCase() === lower);
  const opfName = packageName(zip, nameOf);
  assertNoDrm(zip, nameOf);
  const opf = parseXml(readText(zip, opfName));
  const opfDir = dirOf(opfName);
  const manifest = new Map();
  for (const item of findAll(find(opf, 'manifest') ?? EMPTY, 'item')) {
    const { id, href, 'media-type': mediaType, properties } = item.attrs;
    if (id) manifest.set(id, { href: href ? resolve(opfDir, href) : '', mediaType, properties: (properties ?? '').split(/\s+/) });
  }
  const spine = find(opf, 'spine') ?? EMPTY;
  const toc = manifest.get(spine.attrs.toc);
  const titles = toc?.href ? ncxTitles(zip, toc.href, manifest) : new Map();
  const navItem = [...manifest.values()].find((item) => item.properties.includes('nav') && item.href);
  const navName = navItem && (zip.has(navItem.href) ? navItem.href : decoded(navItem.href));
  const frontMatter = landmarks(zip, opf, opfDir, navName && zip.has(navName) ? navName : '');
  const chapters = [];
  const skipped = [];
  for (const ref of findAll(spine, 'itemref')) {
    const item = manifest.get(ref.attrs.idref);
    if (!item) continue;
    if (item.mediaType !== 'application/xhtml+xml' && item.mediaType !== 'image/svg+xml') refuse('badEpub');
    const file = decoded(item.href);
    const notChapter = (ref.attrs.linear ?? '').trim().toLowerCase() === 'no' || item.properties.includes('nav') || frontMatter.has(file);
    const text = xhtmlToText(readText(zip, item.href));
    if (!text) continue;
    const lines = text.split('\n');
    const title = (titles.get(file) || lines[0]).slice(0, 128);
    const short = text.replace(/\s/g, '').length < SHORT_PAGE_CHARS;
    // A heading alone (the TOC's title, or a short line), or a short page the TOC does not name: a title page.
    const titleOnly = (lines.length === 1 && (lines[0] === titles.get(file) || short)) || (short && !titles.has(file));
    // The chapter's own heading repeats the TOC title: keep it out of the text.
    const content = lines[0] === title ? lines.slice(1).join('\n') : text;
    if (notChapter || titleOnly) {
      // Kept with its text, so the editor can take it back in where it was: before the next chapter (`at`).
      if (skipped.length < MAX_CHAPTERS) skipped.push({ title, content: capped(content), at: chapters.length });
      continue;
    }
    chapters.push({ title, content });
    if (chapters.length > MAX_CHAPTERS) refuse('tooManyChapters', MAX_CHAPTERS);
  }
  if (!chapters.length) refuse('emptyEpub');
  const metadata = find(opf, 'metadata');
  const meta = (name) => textOf(find(metadata, name)).trim();
  const cover = options.maxCoverBytes ? coverBytes(zip, opf, manifest, frontMatter, options.maxCoverBytes) : null;
  return {
    title: meta('title'),
    author: meta('creator'),
    description: plainDescription(textOf(find(metadata, 'description'))),
    subjects: subjectsOf(metadata),
    cover,
    chapters,
    skipped,
    inflatedBytes: zip.inflated,
  };
}
