export interface SplitChapter {
  title: string;
  /** Paragraphs, one a line, blank lines and indentation dropped (how chapters are stored, docs/catalogue.md). */
  content: string;
}

export interface SplitResult {
  /** Text before the first heading, when short: the novel's summary. Long front matter becomes a 序 chapter instead. */
  intro: string;
  chapters: SplitChapter[];
}

export type HeadingKind = 'chapter' | 'volume';

export declare const MAX_CHAPTERS: number;
export declare const MAX_INTRO: number;
export declare const MAX_SINGLE_CHAPTER: number;
export declare function headingKind(line: string): HeadingKind | null;
export declare function paragraphs(text: string): string[];
export declare function splitChapters(text: string, titles: { fallbackTitle: string; prefaceTitle: string }): SplitResult;
