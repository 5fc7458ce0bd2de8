import fs from 'node:fs';
import path from 'node:path';

// User-facing Chinese that only the server sends lives in lib/server/messages.ts (SERVER_MSG), so wording is
// changed in one place; comments may quote Chinese, and the seed's generated catalogue is data, not text.
const root = path.resolve(__dirname, '../lib/server');
const CJK = /[\u4e00-\u9fff]/;
// Files whose Chinese is data matched against the database or a text, never shown: the cover themes' category names,
// the import's chapter-heading patterns (docs/content.md "Chapter headings") and its title and author line patterns.
const DATA_FILES = new Set([
  path.join(root, 'catalog', 'cover', 'themes.ts'),
  path.join(root, 'content', 'import', 'split.ts'),
  path.join(root, 'content', 'import', 'title-line.ts'),
]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === path.join(root, 'boot', 'seed') ? [] : files(full);
    const source = e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && full !== path.join(root, 'messages.ts');
    return source && !DATA_FILES.has(full) ? [full] : [];
  });
}

/** The code of a file without its comments (good enough for our sources: no `//` inside strings with Chinese). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

it('lib/server has no inline Chinese strings outside SERVER_MSG and the seed data', () => {
  const offenders = files(root).flatMap((file) =>
    code(fs.readFileSync(file, 'utf8'))
      .split('\n')
      .filter((line) => CJK.test(line))
      .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
