/** The refusals the parsing code can make: names of IMPORT_TEXT messages about the file itself (refusal-message.ts). */
export type RefusalCode =
  'emptyFile' | 'binaryFile' | 'undecodable' | 'noHeadings' | 'tooManyChapters' | 'badEpub' | 'drmEpub' | 'emptyEpub' | 'epubTooLarge';

export declare class ImportRefusal extends Error {
  constructor(code: RefusalCode, arg?: number);
  readonly code: RefusalCode;
  readonly arg: number | undefined;
}
export declare function refuse(code: RefusalCode, arg?: number): never;
export declare function isRefusal(err: unknown): err is { name: 'ImportRefusal'; code: RefusalCode; arg?: number };
