/** The refusals the parsing code can make: names of IMPORT_TEXT messages about the file itself (refusal-message.ts). */
export type RefusalCode =
  | 'emptyFile'
  | 'binaryFile'
  | 'undecodable'
  | 'ambiguousEncoding'
  | 'notThisEncoding'
  | 'noHeadings'
  | 'tooManyChapters'
  | 'badEpub'
  | 'drmEpub'
  | 'emptyEpub'
  | 'epubTooLarge';

/** What a message takes: a count, an encoding's key (notThisEncoding) or the candidates' keys (ambiguousEncoding). */
export type RefusalArg = number | string | string[];

export declare class ImportRefusal extends Error {
  constructor(code: RefusalCode, arg?: RefusalArg);
  readonly code: RefusalCode;
  readonly arg: RefusalArg | undefined;
}
export declare function refuse(code: RefusalCode, arg?: RefusalArg): never;
export declare function isRefusal(err: unknown): err is { name: 'ImportRefusal'; code: RefusalCode; arg?: RefusalArg };
