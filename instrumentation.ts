// Runs once when the server starts: open the database, apply migrations, seed an empty catalogue.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startDatabase } = await import('./lib/server/db/startup');
  await startDatabase();
}
