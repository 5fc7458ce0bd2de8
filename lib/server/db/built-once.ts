import 'server-only';
import type { DbOrTx } from './client';

/** What a Drizzle builder's `.prepare(name)` gives: the statement's text, built, with named bind parameters. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
type Session = { client: unknown };

// Per driver (the session's class: node-postgres or PGlite), per statement name: the statement built once.
const built = new WeakMap<object, Map<string, Prepared<unknown>>>();

/** The Drizzle handle's session (its driver and its connection or pool), which Drizzle's types keep internal. */
function sessionOf(handle: object): Session {
  const session: unknown = Reflect.get(handle, 'session');
  if (typeof session !== 'object' || session === null || !('client' in session)) throw new Error('builtOnce: not a Drizzle handle');
  return session;
}

/**
 * A statement of a hot path whose text Drizzle builds once per process, not on every request (docs/wallet.md
 * "Where a purchase's time goes": building the purchase's selects was about a tenth of the server's time). `build`
 * makes it with a named bind parameter (Drizzle's `sql.placeholder`) for every value that changes and `.prepare(name)`; the built statement then runs
 * with `execute(values)` on the handle it is asked from: a transaction's own connection, or the pool. The name also
 * makes PostgreSQL plan it once per connection. Only for statements whose shape never depends on the values: a
 * builder that branches on a value must stay per request.
 */
export function builtOnce<R, H extends DbOrTx>(tx: H, name: string, build: (tx: H) => Prepared<R>): Prepared<R> {
  const session = sessionOf(tx);
  const driver = Object.getPrototypeOf(session) as object;
  let statements = built.get(driver);
  if (!statements) built.set(driver, (statements = new Map()));
  let template = statements.get(name) as (Prepared<R> & Session) | undefined;
  if (!template) {
    template = build(tx) as Prepared<R> & Session;
    statements.set(name, template);
  }
  if (template.client === session.client) return template;
  // The same built statement on this handle's connection or pool: a shallow copy with the client swapped.
  return Object.assign(Object.create(Object.getPrototypeOf(template) as object) as object, template, {
    client: session.client,
  }) as Prepared<R>;
}
