import 'server-only';
import type { Pool, PoolClient } from 'pg';

type Query = (...args: unknown[]) => unknown;

/**
 * A transaction's BEGIN on a pooled connection is queued instead of awaited (docs/wallet.md "Where a purchase's time
 * goes"). Drizzle sends `begin` and waits for its answer before the first statement, which under load costs a turn of
 * the event loop per transaction while the connection sits idle; queued, node-postgres sends the first statement the
 * moment BEGIN's answer arrives, with no JavaScript in between. BEGIN is still its own statement, sent first, and the
 * transaction's first statement fails with BEGIN's error should BEGIN fail (its answer is awaited with the
 * statement's), so Drizzle rolls back and throws as before. The original query method is looked up on each call, so
 * a wrapper installed on the prototype later (the statement-count test) still sees every statement.
 */
export function tunePoolClients(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    let begun: Promise<unknown> | null = null;
    const query: Query = (...args) => {
      const original = (Object.getPrototypeOf(client) as { query: Query }).query;
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      const promised = typeof args[args.length - 1] !== 'function';
      if (text === 'begin' && promised && begun === null) {
        const sent = original.apply(client, args) as Promise<unknown>;
        // Its failure is reported by the statement that follows (below); never as an unhandled rejection.
        sent.catch(() => undefined);
        begun = sent;
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
      }
      const result = original.apply(client, args);
      if (begun === null || !(result instanceof Promise)) return result;
      const before = begun;
      begun = null;
      return Promise.all([before, result]).then(([, answer]) => answer);
    };
    Object.defineProperty(client, 'query', { value: query, writable: true, configurable: true });
  });
}
