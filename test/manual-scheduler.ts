/**
 * A stand-in for the browser's Prioritized Task Scheduling API (`scheduler.postTask`, lib/client/own-task.ts) whose
 * tasks run only when the test says: jsdom has none, so without this the code under test runs "at once" and a test
 * cannot tell work moved to a task of its own from work done in place.
 */
export function installManualScheduler() {
  const turns: Array<() => void> = [];
  const scheduler = {
    postTask: (run: () => void) =>
      new Promise<void>((resolve) => {
        turns.push(() => {
          run();
          resolve();
        });
      }),
  };
  (globalThis as { scheduler?: unknown }).scheduler = scheduler;
  return {
    /** Tasks posted and not run yet. */
    get pending() {
      return turns.length;
    },
    /** Runs the tasks posted so far, in order. */
    runAll() {
      for (const run of turns.splice(0)) run();
    },
    uninstall() {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    },
  };
}
