/** An encoding the uploader may name for a TXT without a byte-order mark (lib/shared/schemas/content-import.ts). */
export type ChosenEncoding = 'utf-8' | 'gb18030' | 'big5' | 'utf-16le' | 'utf-16be';

/** What an import file turned out to be (docs/content.md "Import", "Encodings"). */
export type TextEncoding = ChosenEncoding | 'utf-8-bom';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

export declare function decodeText(buf: Uint8Array, chosen?: ChosenEncoding): DecodedText;

export declare const PREVIEW_LINES: number;
export declare const PREVIEW_LINE_CHARS: number;
/** The first non-empty lines (at most PREVIEW_LINES, each at most PREVIEW_LINE_CHARS) of the bytes in `encoding`. */
export declare function previewLines(buf: Uint8Array, encoding: ChosenEncoding): string[];
