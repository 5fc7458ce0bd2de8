import 'server-only';
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default('.data'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Requests in flight above which the API sheds load with HTTP 418.
  MAX_INFLIGHT: z.coerce.number().int().min(1).default(512),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // An x-sig claim still unanswered after this long belongs to a request whose process died; a retry may take it over.
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(9),
  // PostgreSQL pool limits (docs/operations.md "Database"): one member's locked rows must not stall everyone else.
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(2_000),
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Validated environment, read once per process (create-t3-app style). */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function dataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env().DATA_DIR);
}
