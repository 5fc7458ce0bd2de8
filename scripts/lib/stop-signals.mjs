// How the server stops on SIGINT / SIGTERM (docs/operations.md "Stopping the server"): stop taking requests, let the
// app close its database — `globalThis.__shushengShutdown`, set by lib/server/db/client.ts when it opens one — and
// exit. PGlite closed this way writes a checkpoint; stopped without it, the next start replays the write-ahead log and
// every sequence jumps by up to 32 (PostgreSQL logs sequence values ahead), so order, novel and draft numbers would
// skip a few dozen at each restart. A database that does not close within `timeoutMs` does not hold the exit up.
export function exitOnStopSignals(beforeExit = () => {}, { timeoutMs = 5_000 } = {}) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await beforeExit();
    } catch {
      // Stopping anyway.
    }
    const shutdown = globalThis.__shushengShutdown;
    if (typeof shutdown === 'function') {
      let timer;
      await Promise.race([
        Promise.resolve()
          .then(shutdown)
          .catch((err) => console.error(`server: the database did not close cleanly: ${err?.message ?? err}`)),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());
}
