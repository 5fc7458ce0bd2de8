// The server's stop and its numbers (docs/operations.md "Stopping the server"): the process's database registers its
// close for the stop; stopped by a signal, the server closes it, so order, novel and draft numbers continue after a
// restart; a process that leaves without closing PGlite makes every sequence skip ahead on the next start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { closeDatabase, dbHandle } from '@/lib/server/db/client';
import { describePgliteOnly } from './pglite-only';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-stop-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One short process life on a PGlite directory: the number it took before it stopped. */
function life(dataDir: string, stop: 'signal' | 'exit'): number {
  const child = spawnSync(process.execPath, [path.join('test', 'stop-restart-child.mjs'), dataDir, stop], {
    cwd: process.cwd(),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(child.status).toBe(0);
  return Number(child.stdout.trim());
}

// Each case starts PGlite once or twice (a WASM build of PostgreSQL): seconds on an idle machine, a minute on a busy one.
const SLOW = 180_000;

describePgliteOnly('stopping the server on PGlite', () => {
  it(
    'the process database registers its close for the stop; after it, numbers follow on and the database stays shut',
    async () => {
      const dataDir = path.join(dir, 'app');
      process.env.DATA_DIR = dataDir;
      const holder = globalThis as { __shushengShutdown?: () => Promise<void> };
      const handle = dbHandle();
      expect(holder.__shushengShutdown).toBe(closeDatabase);
      await handle.db.execute(sql`create table numbered (id serial primary key)`);
      await handle.db.execute(sql`insert into numbered default values`);
      await holder.__shushengShutdown!();
      // A job still running is refused rather than opening the database again.
      expect(() => dbHandle()).toThrow('the database is closed');
      const reopened = new PGlite({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const { rows } = await reopened.query<{ id: number }>('insert into numbered default values returning id');
        expect(rows[0]!.id).toBe(2);
      } finally {
        await reopened.close();
      }
    },
    SLOW,
  );

  it(
    'stopped by a signal, a process closes its database: the next life takes the next number',
    () => {
      const dataDir = path.join(dir, 'signal');
      expect([life(dataDir, 'signal'), life(dataDir, 'signal')]).toEqual([1, 2]);
    },
    SLOW,
  );

  it(
    'left without closing (the server before this), the next start recovers and the sequence skips ahead',
    () => {
      const dataDir = path.join(dir, 'exit');
      const first = life(dataDir, 'exit');
      expect(first).toBe(1);
      expect(life(dataDir, 'exit')).toBeGreaterThan(first + 1);
    },
    SLOW,
  );
});
