/** An entry already deflated, with the size and CRC of what it inflates to. */
export interface Deflated {
  bytes: Uint8Array;
  size: number;
  crc: number;
}

/** An entry of `buildZip`: its bytes stored as they are, deflated here (`deflate`), or deflated already. */
export interface ZipEntry {
  name: string;
  data?: string | Uint8Array;
  deflate?: boolean;
  deflated?: Deflated;
}

export declare function buildZip(entries: ZipEntry[]): Buffer;
export declare function deflatedRepeat(chunk: Buffer, times: number): Deflated;
export declare function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer;

export interface EpubOptions {
  title?: string;
  author?: string;
  chapters?: Array<[string, string[]]>;
  encryption?: string;
}
export declare function epubFiles(options?: EpubOptions): Array<[string, string]>;
