import 'server-only';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** One JSON line per event, so a log shipper can parse it; the request id ties a 500 to its cause. */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const threshold = (process.env.LOG_LEVEL as Level | 'silent' | undefined) ?? 'info';
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, event, ...fields }, (_k, v) =>
    // The cause goes along: a driver error wrapped by Drizzle ("Failed query: …") says why only in its cause (code, detail).
    v instanceof Error
      ? { name: v.name, message: v.message, code: (v as { code?: unknown }).code, stack: v.stack, cause: (v as { cause?: unknown }).cause }
      : v,
  );
  (level === 'error' ? console.error : console.log)(line);
}
