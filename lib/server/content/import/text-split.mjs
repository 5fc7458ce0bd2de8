// Chapter detection for TXT imports (docs/content.md "Import", "Chapter headings"). A heading is a short line on
// its own; the patterns below are the ones Chinese, Uyghur and Tibetan web novels use. Everything else is text.
// Plain ESM, as the parse worker runs it (refusal.mjs says why); split.ts is its typed face for the server.
import { refuse } from './refusal.mjs';

export const MAX_CHAPTERS = 10_000;
/** A heading longer than this is a sentence that happens to start like one. */
const MAX_HEADING = 60;
/** Front matter up to this many characters is the summary; longer is kept as a chapter so nothing is lost. */
export const MAX_INTRO = 500;
/** A file without headings is one chapter up to this many characters; longer is refused (nobody reads that). */
export const MAX_SINGLE_CHAPTER = 200_000;

const ZH_NUM = '0-9０-９〇零一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟';
// 第十二章 标题 / 第 12 章：标题 / 第１２回 / 第三节.
const ZH_CHAPTER = new RegExp(`^第\\s*[${ZH_NUM}]+\\s*[章节回话集篇](?:$|[\\s:：、.．,，·—\\-]|(?=\\S))`);
// 第一卷 / 第二部: volumes.
const ZH_VOLUME = new RegExp(`^第\\s*[${ZH_NUM}]+\\s*[卷部](?:$|[\\s:：、.．,，·—\\-]|(?=\\S))`);
// 序章, 楔子, 番外一, 尾声 …: the word then the end, a space, punctuation or a numeral.
const ZH_SPECIAL = new RegExp(
  `^(?:序章|序言|序幕|序|楔子|引子|引言|前言|自序|番外(?:篇)?|尾声|后记|终章|完本感言|结局)(?:$|[\\s:：、.．·—\\-${ZH_NUM}])`,
);
// Chapter 12 / CHAPTER XII: English headings turn up in translated and bilingual files.
const EN_CHAPTER = /^chapter\s+(?:\d+|[ivxlc]+)\b/i;

// Uyghur (Arabic script): باب / باپ "chapter", بۆلۈم "section", قىسىم "part" (a volume). Numbered as "1-باب",
// "باب 1", or by an ordinal word ending in ‑ىنچى / ‑نچى ("بىرىنچى باب" first chapter). Digits may be Arabic-Indic.
const UG_DIGITS = '0-9٠-٩۰-۹';
const UG_CHAPTER_WORD = '(?:باب|باپ|بۆلۈم)';
const UG_VOLUME_WORD = '(?:قىسىم|توم)';
const ug = (word) =>
  new RegExp(
    `^(?:[${UG_DIGITS}]+\\s*[-‑–ـ]?\\s*${word}|${word}\\s*[-‑–]?\\s*[${UG_DIGITS}]+|\\S*(?:ىنچى|نچى|ئىنچى)\\s+${word})(?:$|[\\s:：.،؛!؟\\-])`,
  );
const UG_CHAPTER = ug(UG_CHAPTER_WORD);
const UG_VOLUME = ug(UG_VOLUME_WORD);
// مۇقەددىمە / كىرىش سۆز: introduction; خاتىمە: conclusion; ئاخىرقى سۆز: afterword.
const UG_SPECIAL = /^(?:مۇقەددىمە|كىرىش سۆز|خاتىمە|ئاخىرقى سۆز)(?:$|[\s:.،])/;

// Tibetan: ལེའུ "chapter" followed by a Tibetan (༠–༩) or Arabic number, or by an ordinal word ("ལེའུ་དང་པོ།" the
// first, "ལེའུ་གཉིས་པ།" the second); དུམ་བུ "section" likewise. བམ་པོ "volume". སྔོན་གླེང "preface", མཇུག་སྡོམ "epilogue".
const BO_NUMBERED = (word) => new RegExp(`^${word}[་\\s]*(?:[༠-༩0-9]+|[\\u0F40-\\u0FBC་]{1,40}?(?:པ|བ|པོ|བོ|མ|མོ))(?:$|[།༎་\\s:：])`);
const BO_CHAPTER = BO_NUMBERED('(?:ལེའུ|དུམ་བུ)');
const BO_VOLUME = BO_NUMBERED('བམ་པོ');
const BO_SPECIAL = /^(?:སྔོན་གླེང|སྔོན་བརྗོད|མཇུག་སྡོམ|མཇུག་བྱང)(?:$|[་།\s:：])/;

/** Whether a line (already trimmed) is a heading, and of what. */
export function headingKind(line) {
  if (!line || line.length > MAX_HEADING) return null;
  if (ZH_CHAPTER.test(line) || ZH_SPECIAL.test(line) || EN_CHAPTER.test(line)) return 'chapter';
  if (UG_CHAPTER.test(line) || UG_SPECIAL.test(line) || BO_CHAPTER.test(line) || BO_SPECIAL.test(line)) return 'chapter';
  if (ZH_VOLUME.test(line) || UG_VOLUME.test(line) || BO_VOLUME.test(line)) return 'volume';
  return null;
}

/** Lines of a text as the chapters store them: trimmed (full-width indentation too), blank ones dropped. */
export function paragraphs(text) {
  const out = [];
  for (const raw of text.split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const line = raw.replace(/^[\s\u3000\uFEFF]+|[\s\u3000]+$/g, '');
    if (line) out.push(line);
  }
  return out;
}

const clip = (title) => (title.length > 128 ? title.slice(0, 128) : title);

/**
 * Splits a decoded text into chapters. Volume headings (第一卷, قىسىم, བམ་པོ) are not chapters of their own when
 * the text has chapter headings: the volume's name prefixes the title of each chapter under it ("第一卷 风起 第一章
 * 少年") and any text between the volume heading and its first chapter opens that chapter. A text with volume
 * headings only has its volumes as chapters. Text before the first heading is the intro (MAX_INTRO) or a 序 chapter.
 * The two titles come from the message catalogue: `fallbackTitle` names a text without headings, `prefaceTitle` the
 * chapter long front matter becomes.
 */
export function splitChapters(text, { fallbackTitle, prefaceTitle }) {
  const lines = paragraphs(text);
  const kinds = lines.map(headingKind);
  const hasChapters = kinds.includes('chapter');
  const isHeading = (k) => k === 'chapter' || (k === 'volume' && !hasChapters);

  const front = [];
  const chapters = [];
  let volume = '';
  // Between a folded volume heading and the chapter after it: that text opens the chapter.
  let afterVolume = false;
  let pendingVolumeText = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const kind = kinds[i];
    if (isHeading(kind)) {
      chapters.push({ title: clip(volume ? `${volume} ${line}` : line), lines: pendingVolumeText });
      if (chapters.length > MAX_CHAPTERS) refuse('tooManyChapters', MAX_CHAPTERS);
      pendingVolumeText = [];
      afterVolume = false;
    } else if (kind === 'volume') {
      if (afterVolume) pendingVolumeText.unshift(volume);
      volume = line;
      afterVolume = true;
    } else if (afterVolume) {
      pendingVolumeText.push(line);
    } else if (chapters.length) {
      chapters.at(-1).lines.push(line);
    } else {
      front.push(line);
    }
  }
  // A last volume heading with no chapter under it: its line and text stay with the chapter before it.
  if (afterVolume) {
    const rest = [volume, ...pendingVolumeText];
    if (chapters.length) chapters.at(-1).lines.push(...rest);
    else front.push(...rest);
  }

  const frontText = front.join('\n');
  if (!chapters.length) {
    if (!frontText) refuse('emptyFile');
    if (frontText.length > MAX_SINGLE_CHAPTER) refuse('noHeadings');
    return { intro: '', chapters: [{ title: clip(fallbackTitle), content: frontText }] };
  }
  const out = chapters.map((c) => ({ title: c.title, content: c.lines.join('\n') }));
  if (frontText.length > MAX_INTRO) return { intro: '', chapters: [{ title: prefaceTitle, content: frontText }, ...out] };
  return { intro: frontText, chapters: out };
}
