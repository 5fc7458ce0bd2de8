// npm run staff:create -- --username NAME --role admin|moderator|editor|finance [--name 显示名]
// Creates a console account (docs/console.md "The first admin"). The password comes from STAFF_PASSWORD or is
// asked for without echo. On PGlite one process owns the data directory: stop the server first, as for db:seed.
import { createInterface } from 'node:readline';
import { dbHandle } from '../lib/server/db/client';
import { runMigrations } from '../lib/server/db/migrate';
import { createStaffFromCommand } from '../lib/server/staff/accounts';
import { STAFF_ROLES } from '../lib/server/core/roles';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.includes(prompt)) out.output.write(prompt);
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main() {
  const username = arg('username');
  const role = arg('role') ?? 'admin';
  if (!username || !(STAFF_ROLES as readonly string[]).includes(role)) {
    console.error(`usage: npm run staff:create -- --username NAME --role ${STAFF_ROLES.join('|')} [--name DISPLAY]`);
    process.exit(2);
  }
  let password = process.env.STAFF_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) {
      console.error('staff:create: set STAFF_PASSWORD or run it in a terminal to be asked for the password');
      process.exit(2);
    }
    password = await askHidden('password: ');
    if ((await askHidden('again: ')) !== password) {
      console.error('staff:create: the two passwords differ');
      process.exit(2);
    }
  }
  if (!process.env.DATABASE_URL)
    console.log('staff:create: using PGlite in DATA_DIR; the server must be stopped (one process per data directory)');
  const handle = dbHandle();
  try {
    await runMigrations(handle);
    const id = await createStaffFromCommand(handle.db, { username, role, password, displayName: arg('name') });
    console.log(`staff:create: created ${username.toLowerCase()} (${role}), id ${id}`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(`staff:create: failed — ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
