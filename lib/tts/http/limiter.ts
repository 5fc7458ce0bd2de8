import 'server-only';
import type { SynthesisPriority } from '../engine';

const ORDER: SynthesisPriority[] = ['first', 'now', 'ahead'];

/**
 * A per-engine cap on requests in flight (docs/speech-engines.md "Limits"): eight chapters voicing at once send at
 * most `size` requests, not eight times their paragraphs. Waiting requests go most urgent first, so a listener
 * waiting for a first sound is not queued behind work ahead of demand.
 */
export class RequestLimiter {
  private active = 0;
  private readonly waiting: Record<SynthesisPriority, (() => void)[]> = { first: [], now: [], ahead: [] };

  constructor(readonly size: number) {}

  /** Requests running now (tests and health). */
  get inFlight(): number {
    return this.active;
  }

  async run<T>(priority: SynthesisPriority, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting[priority].push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = ORDER.map((p) => this.waiting[p])
        .find((q) => q.length)
        ?.shift();
      // The slot passes straight to the next waiter, so `active` never dips and lets a newcomer jump the queue.
      if (next) next();
      else this.active--;
    }
  }
}
