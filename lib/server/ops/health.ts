import 'server-only';
import { sql } from 'drizzle-orm';
import { dbHandle } from '../db/client';

export interface Health {
  status: 'ok' | 'down';
  database: { driver: 'pglite' | 'postgres'; ok: boolean; latency_ms: number; migrations: number; novels: number };
}

export async function getHealth(): Promise<Health> {
  const handle = dbHandle();
  const started = performance.now();
  try {
    const result = await handle.db.execute(sql`
      select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
             (select count(*) from novels)::int as novels`);
    const row = result.rows[0] as { migrations: number; novels: number };
    return {
      status: 'ok',
      database: {
        driver: handle.driver,
        ok: true,
        latency_ms: Math.round(performance.now() - started),
        migrations: row.migrations,
        novels: row.novels,
      },
    };
  } catch {
    return {
      status: 'down',
      database: { driver: handle.driver, ok: false, latency_ms: Math.round(performance.now() - started), migrations: 0, novels: 0 },
    };
  }
}
