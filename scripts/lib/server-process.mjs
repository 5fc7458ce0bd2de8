// One production server (scripts/server.mjs, Next in-process) on a PostgreSQL database, as a child whose pid we
// keep: the crash test kills exactly that process (SIGKILL), never anything found by name. It serves from this
// one process (no worker children), so the pid is the whole server.
import fs from 'node:fs';
import net from 'node:net';
import { spawn } from 'node:child_process';

const SERVER = new URL('../server.mjs', import.meta.url).pathname;

export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} is already in use; stop whatever listens there first`));
    });
    socket.once('error', () => resolve());
  });
}

/** Starts the server and resolves once /v1/health answers; `logFile` collects its output for a failure report. */
export async function startServer({ port, databaseUrl, env = {}, logFile, timeoutMs = 120_000 }) {
  await assertPortFree(port);
  const out = fs.openSync(logFile, 'a');
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // SERVER_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=…` to profile it under a bench (the
  // profile is written when the server stops; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER, '-p', String(port)], {
    env: { ...inherited, NODE_ENV: 'production', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server = {
    pid: child.pid,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    /** SIGKILL: no shutdown hooks, open transactions cut off mid-flight, like a power cut. */
    kill: async () => {
      if (server.alive()) process.kill(child.pid, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      if (server.alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => server.alive() && process.kill(child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`the server exited during start-up (${JSON.stringify(await exited)}); see ${logFile}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill();
  throw new Error(`the server did not answer /v1/health within ${timeoutMs / 1000} s; see ${logFile}`);
}
