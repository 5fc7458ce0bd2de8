/**
 * Splits chapter content into paragraphs (docs/catalogue.md "Novels and chapters"): line breaks separate them; empty lines and lines
 * that are only a period (Chinese 。, ASCII ., Uyghur/Arabic ۔, Tibetan ། shad) are dropped.
 */
const ONLY_PERIOD = /^[。.۔།]+$/;

export function splitParagraphs(content: string): string[] {
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !ONLY_PERIOD.test(line));
}
