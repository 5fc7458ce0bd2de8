/**
 * Which of the reader's faces this device really has (docs/reading.md "Settings"). Most phones carry a Chinese sans
 * face, many no Songti and few a Kaiti; offering a face that falls back to another is a choice that does nothing.
 * CJK glyphs share one advance width in every face, so widths cannot tell faces apart: the test draws a character
 * with the candidate stack and with the bare fallback and compares the pixels.
 */
import type { Font } from './settings-store';

/**
 * The CSS stacks the reader uses for each face (app/m/read/[aid]/reader.css keeps the same lists), and the face each
 * must look different from to count as present: Kaiti falls back to the serif face, Songti to the sans one.
 */
export const FONT_STACKS: Record<Font, { stack: string; unlike: string }> = {
  font1: { stack: 'sans-serif', unlike: 'sans-serif' },
  font2: { stack: "'Kaiti SC', 'STKaiti', 'KaiTi', 'Kaiti', 'AR PL UKai CN', serif", unlike: 'serif' },
  font3: { stack: "'Songti SC', 'STSong', 'SimSun', 'Noto Serif CJK SC', 'Noto Serif SC', serif", unlike: 'sans-serif' },
};

const SAMPLE = '永';

function glyph(ctx: CanvasRenderingContext2D, family: string): string {
  ctx.clearRect(0, 0, 40, 40);
  ctx.font = `32px ${family}`;
  ctx.fillText(SAMPLE, 2, 32);
  return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(',');
}

/** The faces this device draws as themselves. The sans face is always there. */
export function availableFonts(doc: Document = document): Font[] {
  const canvas = doc.createElement('canvas');
  canvas.width = canvas.height = 40;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d', { willReadFrequently: true });
  } catch {
    ctx = null;
  }
  // No canvas (a locked-down browser): offer the sans face only rather than choices that may do nothing.
  if (!ctx) return ['font1'];
  return (Object.keys(FONT_STACKS) as Font[]).filter(
    (f) => f === 'font1' || glyph(ctx!, FONT_STACKS[f].stack) !== glyph(ctx!, FONT_STACKS[f].unlike),
  );
}
