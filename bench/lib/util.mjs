// Small helpers shared by the benchmarks: lists from the environment, statistics, the port and liveness checks,
// stopping the server, reporting a failed run and writing the results file.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/** A comma-separated list from an environment variable, or the default. */
export function listFromEnv(name, fallback) {
  const raw = process.env[name];
  if (!raw || !raw.trim()) return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Nearest-rank percentile (p in 0–100) of a list of numbers; undefined when empty. */
export function percentile(values, p) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function median(values) {
  const present = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return undefined;
  const sorted = [...present].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The port a bench's server listens on: its own default, or BENCH_PORT, so runs on a shared machine (several
 * checkouts benchmarking at once) can keep to a range of their own. The benches run one after another, so one
 * variable serves them all.
 */
export function benchPort(fallback) {
  const raw = Number(process.env.BENCH_PORT);
  return Number.isInteger(raw) && raw > 0 && raw < 65536 ? raw : fallback;
}

/** Refuses to start when something already listens on the port (another developer's server, a stale bench). */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`bench: port ${port} is already in use; stop whatever listens there first`));
    });
    socket.once('error', () => resolve());
  });
}

/** The machine, and how busy it was when the run began (other builds or tests skew every figure). */
export const machine = () => ({ cpus: os.cpus().length, node: process.version, load_avg_1m: +os.loadavg()[0].toFixed(2) });

/** A line to print when other work keeps the CPUs busy (taken before the bench's own server starts), else undefined. */
export function busyWarning() {
  const load = os.loadavg()[0];
  const cpus = os.cpus().length;
  return load > 1.5 * cpus
    ? `⚠ the machine is busy (load average ${load.toFixed(1)} on ${cpus} CPUs): these figures are skewed; run again when it is idle`
    : undefined;
}

export function writeResult(name, report) {
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}.json`;
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(report, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

/** Throws a clear error when the bench server no longer answers (it crashed, or another process killed it). */
export async function assertServerAlive(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`, { signal: AbortSignal.timeout(10_000) });
    if (res.ok) return;
  } catch {
    // Falls through to the error.
  }
  throw new Error(
    `bench: the server on port ${port} stopped answering during the run (crashed, or killed by another process); the figures are void`,
  );
}

/**
 * server.stop() waits for the child's exit event, which never comes when the child is already gone; without a
 * timer Node would then exit with 13 and swallow the error that ended the run.
 */
export async function stopServer(server, ms = 15_000) {
  let timer;
  await Promise.race([
    server.stop(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Ends a failed run: a failure the bench explains ('bench: …'), or any failure while its server is gone, is
 * printed as one line with exit code 1; anything else is rethrown with its stack.
 */
export async function explainFailure(err, port) {
  let explained = String(err?.message).startsWith('bench:') ? err : undefined;
  if (!explained)
    await assertServerAlive(port).catch((dead) => {
      explained = dead;
    });
  if (!explained) throw err;
  console.error(explained.message);
  process.exitCode = 1;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc on Linux; undefined elsewhere. Per request
 * it is a steadier figure than latency on a shared machine: other work delays a request but adds little to the
 * CPU the server spends on it.
 */
export function processCpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}
