// Types for use-cache-handler.cjs, so TypeScript (lib/server/core/cache.ts's tests) can import it.
type Entry = {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
};
interface Handler {
  get(cacheKey: string, softTags?: string[]): Promise<Entry | undefined>;
  set(cacheKey: string, pendingEntry: Promise<unknown>): Promise<void>;
  refreshTags(): Promise<void>;
  getExpiration(tags: string[]): Promise<number>;
  updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
}
declare const handler: Handler & {
  createHandler(): Handler;
  closeUseCacheConnections(): Promise<void>;
  GLOBAL_KEY: symbol;
};
export = handler;
