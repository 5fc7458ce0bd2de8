// Runs once when the server starts: refuse demo switches on a deployed server, open the database, apply
// migrations, seed an empty catalogue.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { demoSwitchRefusal } = await import('./lib/server/abuse/demo-switches');
  const refusal = demoSwitchRefusal();
  if (refusal) {
    // They hand out every account (docs/abuse.md "Demo switches"): better no server than an open one.
    console.error(`\n✖ ${refusal}\n`);
    process.exit(1);
  }
  const { startDatabase } = await import('./lib/server/db/startup');
  await startDatabase();
}
