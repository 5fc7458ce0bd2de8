// npm start: build when the sources changed, then serve. The server migrates and seeds on start (instrumentation.ts).
import { spawn } from 'node:child_process';
import { buildState, recordBuild } from './lib/build-state.mjs';
import { bin, run } from './lib/run.mjs';

const port = process.env.PORT ?? '3000';

const build = buildState();
if (build.needed) {
  console.log('start: building the app (first start or sources changed)…');
  const code = await run(bin('next'), ['build']);
  if (code !== 0) process.exit(code);
  recordBuild(build.hash);
}

console.log(`start: serving http://localhost:${port}/m (${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${process.env.DATA_DIR ?? '.data'}`})`);
// The local demo shows sign-in codes at /v1/dev/sms and offers the local OAuth provider; a real deployment
// sets SMS_DEV_INBOX=0 and OAUTH_LOCAL=0 with its SMS gateway and messaging-app OAuth configured (README).
const demo = { SMS_DEV_INBOX: process.env.SMS_DEV_INBOX ?? '1', OAUTH_LOCAL: process.env.OAUTH_LOCAL ?? '1' };
const server = spawn(bin('next'), ['start', '-p', port], { stdio: 'inherit', env: { ...process.env, ...demo, NODE_ENV: 'production' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
