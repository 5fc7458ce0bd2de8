import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { copyOf, release } from './db';

// The keeper of the PostgreSQL test databases (test/db-keeper.mjs, docs/development.md "Test databases"), on
// templates of its own so the run's keeper and the other workers do not meet it: it keeps spares of each template
// ready, drops what a file hands back, and stops on SIGTERM; a file claims a spare and hands its database back.
const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('the test databases keeper', () => {
  const base = `shusheng_kt_${randomBytes(4).toString('hex')}`;
  const template = { driver: 'postgres' as const, url: url!, base, plain: `${base}_migrated`, seeded: `${base}_seeded` };
  let admin: Client;

  const names = async () =>
    (await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${base}_`])).rows
      .map((r) => r.datname)
      .sort();
  const until = async (check: (all: string[]) => boolean) => {
    for (let i = 0; i < 400; i++) {
      const all = await names();
      if (check(all)) return all;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never reached: ${(await names()).join(', ')}`);
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template.plain} template template0`);
    await admin.query(`create database ${template.seeded} template template0`);
  });

  afterAll(async () => {
    for (const name of await names()) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('keeps spares, hands one to a file, drops what the file gives back, and stops on SIGTERM', async () => {
    // Without a keeper the file copies the template itself.
    const own = await copyOf(admin, template, template.seeded);
    expect(own).toMatch(new RegExp(`^${base}_t_${process.pid}_[0-9a-f]{8}$`));
    await release(admin, template, own);
    expect(await names()).toEqual([expect.stringMatching(new RegExp(`^${base}_done_[0-9a-f]{12}$`)), template.plain, template.seeded]);

    const keeper = spawn(process.execPath, [path.join(__dirname, 'db-keeper.mjs'), url!, base, String(process.pid)], {
      stdio: 'ignore',
    });
    try {
      // Two seeded spares and one migrated; the handed-back database dropped.
      const ready = await until(
        (all) =>
          all.filter((n) => n.startsWith(`${base}_spare_seeded_`)).length === 2 &&
          all.filter((n) => n.startsWith(`${base}_spare_migrated_`)).length === 1 &&
          !all.some((n) => n.includes('_done_')),
      );
      expect(ready).toHaveLength(5);
      const spares = ready.filter((n) => n.startsWith(`${base}_spare_seeded_`));

      // A file takes a spare by renaming it; the keeper makes another.
      const claimed = await copyOf(admin, template, template.seeded);
      expect(claimed).toMatch(new RegExp(`^${base}_t_`));
      const after = await until((all) => all.filter((n) => n.startsWith(`${base}_spare_seeded_`)).length === 2);
      expect(after).toContain(claimed);
      expect(after).not.toContain(spares[0]);

      // Handed back while a connection is open: the rename is refused, so the file drops it itself.
      const held = new Client({ connectionString: url!.replace(/\/[^/]*$/, `/${claimed}`) });
      await held.connect();
      held.on('error', () => undefined);
      await release(admin, template, claimed);
      expect(await names()).not.toContain(claimed);

      const exited = once(keeper, 'exit');
      keeper.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      keeper.kill('SIGKILL');
    }
  });
});
