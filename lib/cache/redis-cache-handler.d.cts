// Types for redis-cache-handler.cjs, so TypeScript tests can import it.
/* eslint-disable @typescript-eslint/no-explicit-any -- Next's cached values are a union of shapes (page, route, read) that tests inspect field by field */
declare class RedisCacheHandler {
  constructor(ctx?: unknown);
  get(cacheKey: string, ctx: Record<string, unknown>): Promise<{ lastModified: number; value: any; cacheControl?: unknown } | null>;
  set(cacheKey: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
declare namespace RedisCacheHandler {
  function encodeEntry(entry: unknown): string;
  function decodeEntry(text: string): any;
  function closeRedisCacheConnections(): Promise<void>;
}
export = RedisCacheHandler;
