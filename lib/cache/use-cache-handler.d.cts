// Types for use-cache-handler.cjs, so TypeScript (lib/server/core/cache.ts's tests) can import it.
declare namespace UseCacheHandler {
  type Entry = {
    value: ReadableStream<Uint8Array>;
    tags: string[];
    stale: number;
    timestamp: number;
    expire: number;
    revalidate: number;
  };
  type Handler = {
    get(cacheKey: string, softTags?: string[]): Promise<Entry | undefined>;
    set(cacheKey: string, pendingEntry: Promise<unknown>): Promise<void>;
    refreshTags(): Promise<void>;
    getExpiration(tags: string[]): Promise<number>;
    updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
  };
  function createHandler(): Handler;
  function closeUseCacheConnections(): Promise<void>;
  const GLOBAL_KEY: symbol;
}
declare const UseCacheHandler: UseCacheHandler.Handler & {
  createHandler: typeof UseCacheHandler.createHandler;
  closeUseCacheConnections: typeof UseCacheHandler.closeUseCacheConnections;
  GLOBAL_KEY: symbol;
};
export = UseCacheHandler;
