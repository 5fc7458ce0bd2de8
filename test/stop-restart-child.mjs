// Run by test/server-stop.test.ts in a child process: a PGlite database in the directory given, closed the way the
// server closes its own (`globalThis.__shushengShutdown`, called by scripts/lib/stop-signals.mjs on SIGTERM). Takes one
// number from a sequence, prints it, and stops: by SIGTERM (`signal`), or by exiting without closing (`exit`), as the
// server did before it closed its database.
import { PGlite } from '@electric-sql/pglite';
import { exitOnStopSignals } from '../scripts/lib/stop-signals.mjs';

const [dir, stop] = process.argv.slice(2);
const db = new PGlite({ dataDir: dir });
globalThis.__shushengShutdown = () => db.close();
exitOnStopSignals();
await db.exec('create table if not exists numbered (id serial primary key)');
const { rows } = await db.query('insert into numbered default values returning id');
process.stdout.write(`${rows[0].id}\n`);
if (stop === 'exit') process.exit(0);
process.kill(process.pid, 'SIGTERM');
