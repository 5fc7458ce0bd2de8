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
  /** The inflated size the entry declares (a read holds it to that); null when absent. */
  sizeOf(name: string): number | null;
  read(name: string): Uint8Array | null;
}
export declare function openZip(bytes: Uint8Array, limits?: ZipLimits): ZipArchive;
