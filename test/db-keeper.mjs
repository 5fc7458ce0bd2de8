// The test databases' keeper on PostgreSQL (docs/development.md "Test databases"). Started by
// test/db-template-setup.mjs for one Jest run: it keeps copies of the run's two templates ready for the next test
// files and drops the databases files are done with, one statement at a time on its own connection. A file then
// renames a spare instead of copying a template (about 1.2 s on a busy 2-core machine) and renames its database
// away instead of dropping it (0.3 s), while its worker goes on with the next file.
//
// Names, all under the run's template base: `<base>_spare_<kind>_<n>` ready to claim (kind `seeded` or `migrated`,
// the template it copies), `<base>_done_<random>` to drop. test/db.ts claims and releases them.
import pg from 'pg';

const [url, base, parentPid] = process.argv.slice(2);
// Two seeded spares: about two thirds of the files ask for the seed.
const READY = { seeded: 2, migrated: 1 };
const IDLE_MS = 50;

let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A Jest run killed without its teardown orphans the keeper: it stops when its parent is gone.
const orphaned = () => process.ppid !== Number(parentPid);

const client = new pg.Client({ connectionString: url });
// A lost connection ends the keeper: the files then copy and drop their databases themselves.
client.on('error', () => {
  stopping = true;
});
await client.connect();
let made = 0;

async function step() {
  const { rows } = await client.query('select datname from pg_database where starts_with(datname, $1)', [`${base}_`]);
  const names = rows.map((r) => r.datname);
  // A spare first: a file may be waiting for one; a database to drop only costs disk until then.
  const short = Object.entries(READY).find(([kind, n]) => names.filter((d) => d.startsWith(`${base}_spare_${kind}_`)).length < n);
  if (short) {
    const kind = short[0];
    const name = `${base}_spare_${kind}_${made++}`;
    await client.query(`create database ${name} template ${base}_${kind}`);
    // As test/db.ts sets on a database it copies itself: a throwaway database need not wait for the disk. A file
    // may have claimed it already (renamed): it then goes without, which changes nothing a test sees.
    await client.query(`alter database ${name} set synchronous_commit = off`).catch(() => undefined);
    return;
  }
  const done = names.find((d) => d.startsWith(`${base}_done_`));
  if (done) await client.query(`drop database if exists ${done} with (force)`);
  else await sleep(IDLE_MS);
}

try {
  while (!stopping && !orphaned()) {
    // A statement that fails (the server busy, a name taken) is tried again on the next round.
    await step().catch(() => sleep(IDLE_MS * 4));
  }
} finally {
  await client.end().catch(() => undefined);
}
