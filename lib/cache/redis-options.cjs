'use strict';

/**
 * The connection options both cache handlers open Redis with (docs/deploy.md "Shared cache"). Redis down: fail each
 * command at once and serve uncached, never queue requests behind a dead socket. A command that has not been
 * answered within `REDIS_CACHE_TIMEOUT_MS` (1 s by default) fails the same way: a page is better rendered uncached
 * than held up by a slow cache.
 */
function cacheRedisOptions() {
  const timeout = Number(process.env.REDIS_CACHE_TIMEOUT_MS);
  const ms = Number.isFinite(timeout) && timeout > 0 ? timeout : 1000;
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: ms,
    commandTimeout: ms,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  };
}

module.exports = { cacheRedisOptions };
