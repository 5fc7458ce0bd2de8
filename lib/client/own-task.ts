type TaskScheduler = { postTask(run: () => void, options: { priority: 'user-visible' }): Promise<void> };

/**
 * A turn of the event loop of its own, where the browser has the Prioritized Task Scheduling API (Chromium, and so
 * the messaging apps' Android browsers); null elsewhere, where the caller goes on at once. Work started inside
 * React's effects while a page hydrates runs in hydration's task, which a slow phone feels as one long task; moved
 * to a task of its own it lets the page answer a tap in between (docs/architecture.md "What a page runs at load").
 */
export function taskOfItsOwn(): Promise<void> | null {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  return typeof scheduler?.postTask === 'function' ? scheduler.postTask(() => undefined, { priority: 'user-visible' }) : null;
}

/** Runs `run` in a task of its own where the browser can schedule one, at once elsewhere. */
export function inOwnTask(run: () => void): void {
  const turn = taskOfItsOwn();
  if (turn) void turn.then(run);
  else run();
}
