/** What an import file turned out to be (docs/content.md "Import", "Encodings"). */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'gb18030' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

export declare function decodeText(buf: Uint8Array): DecodedText;
