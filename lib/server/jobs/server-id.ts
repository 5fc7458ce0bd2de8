import 'server-only';
import os from 'node:os';
import { randomBytes } from 'node:crypto';

const holder = globalThis as typeof globalThis & { __shushengServerId?: string };

/**
 * This server process as job claims and synthesis leases name it: host, pid and a random tail (a restarted
 * process with a reused pid is another server). `SERVER_ID` overrides it (docs/operations.md "Scheduled jobs").
 */
export function serverId(): string {
  return (holder.__shushengServerId ??= (
    process.env.SERVER_ID || `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  ).slice(0, 96));
}
