import 'server-only';

/** The script a title is written in: it decides where lines may break and which way they run. */
export type Script = 'zh' | 'ug' | 'bo';

export function scriptOf(text: string): Script {
  if (/[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text)) return 'ug';
  if (/[\u0F00-\u0FFF]/.test(text)) return 'bo';
  return 'zh';
}

/** Advance of one unit in ems: CJK is square; Arabic-script and Tibetan letters average a little over half. */
function width(unit: string, script: Script): number {
  let w = 0;
  for (const ch of unit) {
    if (/[\u3000-\u9FFF\uFF00-\uFFEF]/.test(ch)) w += 1;
    else if (/[\u0F71-\u0F84\u0F8D-\u0FBC\u064B-\u065F\u0670]/.test(ch))
      w += 0; // combining marks and subjoined letters
    else if (ch === ' ') w += 0.3;
    else w += script === 'bo' ? 0.62 : 0.55;
  }
  return w;
}

/** Break points per script: Chinese between characters, Uyghur between words, Tibetan after the tsheg (་) or a space. */
function units(text: string, script: Script): string[] {
  if (script === 'ug') return text.split(/(?<= )/);
  if (script === 'bo') return text.split(/(?<=[་ ])/);
  return Array.from(new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text), (s) => s.segment);
}

export interface TitleLayout {
  lines: string[];
  size: number;
}

/**
 * Sets a title in at most `maxLines` lines no wider than `maxWidth` px, starting at `size` px and shrinking until it
 * fits (down to `minSize`); past that the last line ends with an ellipsis. Lines are in reading order.
 */
export function layoutTitle(text: string, maxWidth: number, size: number, minSize: number, maxLines: number): TitleLayout {
  const script = scriptOf(text);
  const parts = units(text.trim(), script);
  for (let s = size; ; s -= 2) {
    const lines: string[] = [];
    let line = '';
    for (const part of parts) {
      if (line && width(line + part, script) * s > maxWidth) {
        lines.push(line.trim());
        line = part;
      } else line += part;
    }
    if (line.trim()) lines.push(line.trim());
    const fits = lines.length <= maxLines && lines.every((l) => width(l, script) * s <= maxWidth);
    if (fits || s - 2 < minSize) {
      if (lines.length <= maxLines) return { lines: script === 'zh' ? balance(parts, lines.length) : lines, size: s };
      const kept = lines.slice(0, maxLines);
      kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.$/u, '')}…`;
      return { lines: kept, size: s };
    }
  }
}

/** Chinese lines of even length (7 + 1 reads worse than 4 + 4); never more lines than the greedy fill made. */
function balance(chars: string[], n: number): string[] {
  if (n <= 1) return [chars.join('').trim()];
  const per = Math.ceil(chars.length / n);
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += per)
    lines.push(
      chars
        .slice(i, i + per)
        .join('')
        .trim(),
    );
  return lines;
}

/** How far a script's glyphs reach below the baseline, in ems: Tibetan stacks letters downwards. */
export function descent(text: string): number {
  return scriptOf(text) === 'bo' ? 0.55 : 0.25;
}
