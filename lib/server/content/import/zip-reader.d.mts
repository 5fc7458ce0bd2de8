/** The zip reader's caps, on bytes actually inflated (zip-reader.mjs). */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioGraceBytes: number;
}
export declare const ZIP_LIMITS: Readonly<ZipLimits>;

export interface ZipArchive {
  readonly names: string[];
  /** Bytes inflated so far, over every read. */
  readonly inflated: number;
  has(name: string): boolean;
  read(name: string): Uint8Array | null;
}
export declare function openZip(bytes: Uint8Array, limits?: ZipLimits): ZipArchive;
