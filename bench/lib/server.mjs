// Starts the production build on a fresh data directory for a benchmark, and stops it afterwards.
import fs from 'node:fs';
import { spawn } from 'node:child_process';

/**
 * PGlite in `dataDir` by default. With `databaseUrl` the server runs on that PostgreSQL database instead (the
 * caller hands it a fresh one; the server migrates and seeds it on start). `env` adds variables (e.g.
 * SMS_DEV_INBOX for benches that sign a member in). `beforeStart(env)` runs on the fresh data directory before the
 * server takes it (PGlite: one process per directory), with the server's environment: e.g. `npm run staff:create`.
 * `cwd` serves another checkout's build (bench/hydration-ab.mjs); `dataDir` is then best absolute.
 */
export async function startServer({ port, dataDir, databaseUrl, env: extra = {}, beforeStart, cwd }) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const env = {
    ...rest,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
  if (beforeStart) await beforeStart(env);
  const child = spawn(process.execPath, ['scripts/server.mjs', '-p', String(port)], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`bench: the server exited (${child.exitCode ?? child.signalCode}) before it became healthy`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.ok) {
        return {
          pid: child.pid,
          // A server that already exited has nothing to wait for.
          stop: () =>
            child.exitCode !== null || child.signalCode !== null
              ? Promise.resolve()
              : new Promise((r) => {
                  child.on('exit', r);
                  child.kill('SIGTERM');
                }),
        };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('bench: the server did not become healthy within 180 s');
}
