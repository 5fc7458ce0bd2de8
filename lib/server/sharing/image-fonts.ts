import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The faces share images are set in (docs/sharing.md "Preview images"): the fonts the app already ships for Uyghur
 * (Noto Sans Arabic) and Tibetan (Noto Serif Tibetan), and Noto Sans SC for Chinese. Text goes through libvips'
 * Pango, which shapes Arabic joining and Tibetan stacks with HarfBuzz and reads the WOFF files fontsource ships.
 *
 * A full CJK face is ~10 MB; fontsource cuts Noto Sans SC into ~100 WOFF pieces of ~40 KB by Unicode range. Only the
 * pieces a title needs are registered with fontconfig (once per process; Pango then picks per character among
 * them), so a card costs a few hundred KB of font, not the whole face.
 */
// Chinese names Noto Sans SC alone: listing the other faces after it made Pango take Latin digits from them, set
// off the baseline. Letters no listed face has still fall back to any registered face.
export const FONT_FAMILIES = {
  zh: 'Noto Sans SC',
  ug: 'Noto Sans Arabic,Noto Sans SC',
  bo: 'Noto Serif Tibetan,Noto Sans SC',
} as const;

const root = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', '@fontsource');
const scFile = (chunk: string, weight: number) => path.join(root, 'noto-sans-sc', 'files', `noto-sans-sc-${chunk}-${weight}-normal.woff`);
const FIXED = [400, 700].flatMap((w) => [
  path.join(root, 'noto-sans-arabic', 'files', `noto-sans-arabic-arabic-${w}-normal.woff`),
  path.join(root, 'noto-serif-tibetan', 'files', `noto-serif-tibetan-tibetan-${w}-normal.woff`),
]);

type Range = [number, number];
let chunks: Array<{ id: string; ranges: Range[] }> | null = null;

function chunkTable() {
  if (!chunks) {
    const table = JSON.parse(fs.readFileSync(path.join(root, 'noto-sans-sc', 'unicode.json'), 'utf8')) as Record<string, string>;
    chunks = Object.entries(table).map(([key, value]) => ({
      id: key.replace(/[[\]]/g, ''),
      ranges: value.split(',').map((r) => {
        const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(a!, 16), parseInt(b ?? a!, 16)] as Range;
      }),
    }));
  }
  return chunks;
}

/** The Noto Sans SC pieces that hold the characters of `text` (Arabic and Tibetan letters are in none of them). */
export function cjkChunksFor(text: string): string[] {
  const ids = new Set<string>();
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // Arabic-script and Tibetan letters are set in their own faces, which are always registered.
    if (code < 0x20 || (code >= 0x0600 && code <= 0x08ff) || (code >= 0x0f00 && code <= 0x0fff) || (code >= 0xfb50 && code <= 0xfeff))
      continue;
    const hit = chunkTable().find((c) => c.ranges.some(([a, b]) => code >= a && code <= b));
    if (hit) ids.add(hit.id);
  }
  return [...ids];
}

const registered = new Set<string>();

async function register(file: string): Promise<void> {
  if (registered.has(file)) return;
  if (!fs.existsSync(file)) return;
  // libvips adds a text operation's fontfile to the process's fontconfig set and keeps it for later operations.
  await sharp({ text: { text: '.', fontfile: file, font: 'sans 8' } })
    .png()
    .toBuffer();
  registered.add(file);
}

/** Makes every face `texts` need available to later text operations. */
export async function ensureFonts(texts: string[]): Promise<void> {
  for (const file of FIXED) await register(file);
  for (const chunk of cjkChunksFor(texts.join(''))) for (const w of [400, 700]) await register(scFile(chunk, w));
}
