import fs from 'node:fs';
import path from 'node:path';

// Code, comments and docs cite a docs page and a section of it: `docs/wallet.md "Refunds"` anywhere, and inside
// docs/ also `[wallet.md](wallet.md) "Refunds"` or a bare `wallet.md "Refunds"`; several sections may follow one page
// (`docs/content.md "Import", "Limits"`), and a link may carry an anchor (`wallet.md#ledger`). This test finds every
// such citation and fails on each whose page or heading does not exist (docs/development.md "Doc citations").
const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const DIRS = ['app', 'components', 'lib', 'scripts', 'e2e', 'test', 'bench', 'eslint-rules', 'docs', '.ci'];
const SKIP_DIRS = new Set(['node_modules', '.next', '.git', 'migrations', 'results']);
const ROOT_FILES = fs
  .readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isFile() && /\.(?:md|[cm]?[jt]s|json)$/.test(e.name) && e.name !== 'package-lock.json')
  .map((e) => path.join(ROOT, e.name));
const TEXT = /\.(?:[cm]?[jt]sx?|md|json|css|sql|sh)$|^run$/;

interface Citation {
  file: string;
  line: number;
  page: string;
  section?: string;
  anchor?: string;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : walk(full);
    return TEXT.test(e.name) ? [full] : [];
  });
}

/**
 * The file's lines joined into one, with the comment markers that start a continued line (`//`, `*`, `#`, `>`) taken
 * off, so a citation wrapped over two comment lines reads as one; `lineAt` maps an offset back to its line.
 */
function flatten(text: string, markdown: boolean): { flat: string; lineAt: (offset: number) => number } {
  const starts: number[] = [];
  let flat = '';
  let fence = false;
  for (const raw of text.split('\n')) {
    starts.push(flat.length);
    if (markdown && /^\s*(?:```|~~~)/.test(raw)) fence = !fence;
    const line = markdown ? raw.replace(/^\s*>?\s*/, '') : raw.replace(/^\s*(?:\/\/+|\{?\/\*+|\*+\/?|#+(?!!))?\s*/, '');
    flat += (fence ? '' : line) + ' ';
  }
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return { flat, lineAt };
}

const SECTION = String.raw`"([^"\n]{1,120})"`;
// After the page: an optional closing backtick or parenthesis, then the quoted sections, perhaps in parentheses.
const SECTIONS = String.raw`(?:\`|\))?[ \t]*\(?${SECTION}((?:(?:,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or)[ \t]+)"[^"\n]{1,120}")*)`;
const PAGE = String.raw`([\w./-]*?[\w-]+\.md)(?:#([\w-]+))?`;
// A markdown link to a page, a `docs/…` path anywhere, or (inside docs/) a bare page name.
const LINK = new RegExp(String.raw`\[[^\]\n]*\]\((?!\w+://)${PAGE}\)(?:${SECTIONS})?`, 'g');
const PATH = new RegExp(String.raw`(?<![\w./-])(docs/[\w/-]+\.md)(?:#([\w-]+))?(?:${SECTIONS})?`, 'g');
const BARE = new RegExp(String.raw`(?<![\w./#-])([\w-]+\.md)(?:#([\w-]+))?(?:${SECTIONS})?`, 'g');

function sections(first: string | undefined, rest: string | undefined): (string | undefined)[] {
  if (!first) return [undefined];
  return [first, ...[...(rest ?? '').matchAll(/"([^"\n]+)"/g)].map((m) => m[1]!)];
}

/** Every citation of a docs page in one file. */
function citationsIn(file: string, text: string): Citation[] {
  const inDocs = file.startsWith(DOCS + path.sep);
  const markdown = file.endsWith('.md');
  const { flat, lineAt } = flatten(text, markdown);
  const found: (Citation & { at: number })[] = [];
  const taken: [number, number][] = [];
  const add = (m: RegExpMatchArray, target: string | undefined) => {
    const at = m.index!;
    if (taken.some(([a, b]) => at >= a && at < b)) return;
    taken.push([at, at + m[0].length]);
    if (!target) return;
    for (const section of sections(m[3], m[4])) {
      found.push({ at, file: path.relative(ROOT, file), line: lineAt(at), page: target, section, anchor: m[2] });
    }
  };
  const docPage = (resolved: string) =>
    resolved.startsWith(DOCS + path.sep) || resolved === path.join(ROOT, 'README.md') ? path.relative(ROOT, resolved) : undefined;
  if (markdown) {
    for (const m of flat.matchAll(LINK)) add(m, docPage(path.resolve(path.dirname(file), m[1]!)));
  }
  for (const m of flat.matchAll(PATH)) add(m, m[1]);
  if (inDocs) {
    for (const m of flat.matchAll(BARE)) add(m, m[1] === 'README.md' && !m[3] ? undefined : docPage(path.join(DOCS, m[1]!)));
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _, ...c }) => c);
}

/** A heading's anchor as GitHub makes it. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const headingCache = new Map<string, Set<string> | null>();
function headings(page: string): Set<string> | null {
  if (!headingCache.has(page)) {
    const full = path.join(ROOT, page);
    if (!fs.existsSync(full)) headingCache.set(page, null);
    else {
      const set = new Set<string>();
      let fence = false;
      for (const line of fs.readFileSync(full, 'utf8').split('\n')) {
        if (/^\s*(?:```|~~~)/.test(line)) fence = !fence;
        const h = !fence && /^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
        if (h) set.add(h[1]!);
      }
      headingCache.set(page, set);
    }
  }
  return headingCache.get(page)!;
}

/** Why a citation does not resolve, or undefined when it does. */
function broken(c: Citation): string | undefined {
  const set = headings(c.page);
  if (!set) return 'no such page';
  if (c.section !== undefined && !set.has(c.section)) return 'no such heading';
  if (c.anchor !== undefined && ![...set].some((h) => slug(h) === c.anchor)) return 'no heading for the anchor';
  return undefined;
}

function format(c: Citation, why: string): string {
  const anchor = c.anchor ? `#${c.anchor}` : '';
  return `${c.file}:${c.line}: ${c.page}${anchor}${c.section !== undefined ? ` "${c.section}"` : ''} (${why})`;
}

describe('doc citations', () => {
  const files = [...DIRS.flatMap((d) => walk(path.join(ROOT, d))), ...ROOT_FILES];
  const all = files.flatMap((f) => citationsIn(f, fs.readFileSync(f, 'utf8')));

  it('finds the citations of the tree', () => {
    if (process.env.DC_DEBUG) console.log(all.length, all.filter((c) => c.section !== undefined).length, JSON.stringify(all));
    // A floor, so a scanner that silently stops matching fails here rather than passing on nothing.
    expect(all.filter((c) => c.section !== undefined).length).toBeGreaterThan(1000);
  });

  it('every cited page and section exists', () => {
    const bad = all.flatMap((c) => {
      const why = broken(c);
      return why ? [format(c, why)] : [];
    });
    expect(bad).toEqual([]);
  });

  it('reads the citation forms and flags what does not resolve', () => {
    // Built from parts so the scan of this file does not see them.
    const d = 'docs/';
    const got = citationsIn(
      path.join(ROOT, 'lib', 'x.ts'),
      [
        `// a (${d}wallet.md "Refunds", "No such section here") and ${d}content.md`,
        `// "Import" and "Also missing", \`${d}nope.md\` alone`,
      ].join('\n'),
    );
    expect(got.map((c) => [c.line, c.page, c.section, broken(c)])).toEqual([
      [1, 'docs/wallet.md', 'Refunds', undefined],
      [1, 'docs/wallet.md', 'No such section here', 'no such heading'],
      [1, 'docs/content.md', 'Import', undefined],
      [1, 'docs/content.md', 'Also missing', 'no such heading'],
      [2, `${d}nope.md`, undefined, 'no such page'],
    ]);
    const page = 'wallet.md';
    const md = citationsIn(path.join(DOCS, 'x.md'), `See [${page}](${page}#ledger) "Ledger" and\n${page} "Nope", [${page}](${page}#nope).`);
    expect(md.map((c) => [c.page, c.section, c.anchor, broken(c)])).toEqual([
      ['docs/wallet.md', 'Ledger', 'ledger', undefined],
      ['docs/wallet.md', 'Nope', undefined, 'no such heading'],
      ['docs/wallet.md', undefined, 'nope', 'no heading for the anchor'],
    ]);
  });
});
