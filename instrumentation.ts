// Runs once when the server starts: refuse demo switches on a deployed server (docs/abuse.md), open the database,
// apply migrations, seed an empty catalogue.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { refuseDeployedDemo } = await import('./lib/server/abuse/demo-switches');
  refuseDeployedDemo();
  const { startDatabase } = await import('./lib/server/db/startup');
  await startDatabase();
}
