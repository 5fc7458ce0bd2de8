import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(1);
    });
  });
}

export const bin = (name) => new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;

/** Runs a command with its output collected rather than shown; resolves to its exit code, output and wall time. */
export function runCollected(cmd, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code, extra = '') =>
      resolve({ code, output: Buffer.concat(chunks).toString('utf8') + extra, seconds: (Date.now() - started) / 1000 });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => done(1, `${cmd}: ${err.message}\n`));
  });
}
