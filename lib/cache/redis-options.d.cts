// Types for redis-options.cjs, so TypeScript tests can import it.
export declare function cacheRedisOptions(): {
  enableOfflineQueue: false;
  maxRetriesPerRequest: 0;
  connectTimeout: number;
  commandTimeout: number;
  retryStrategy: (times: number) => number;
};
