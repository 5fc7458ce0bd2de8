// npm start: build when the sources changed, then serve. The server migrates and seeds on start (instrumentation.ts).
import { spawn } from 'node:child_process';
import { buildState, recordBuild } from './lib/build-state.mjs';
import { bin, run } from './lib/run.mjs';
import { ensureFfmpeg, FFMPEG_MISSING } from './lib/ffmpeg.mjs';

const port = process.env.PORT ?? '3000';

// Chapter audio is encoded by ffmpeg: Debian's, installed here when missing and we may (docs/deploy.md "ffmpeg").
// Without it the site runs and only listening fails, so this warns rather than stops.
const ffmpeg = ensureFfmpeg({ log: (line) => console.log(`start: ${line}`) });
if (!ffmpeg) console.warn(`start: ${FFMPEG_MISSING}`);

const build = buildState();
if (build.needed) {
  console.log('start: building the app (first start or sources changed)…');
  const code = await run(bin('next'), ['build']);
  if (code !== 0) process.exit(code);
  recordBuild(build.hash);
}

console.log(
  `start: serving http://localhost:${port}/m (${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${process.env.DATA_DIR ?? '.data'}`})`,
);
// The local demo shows sign-in codes at /v1/dev/sms and offers the local OAuth provider, to browsers on this
// machine only; a server with a public SITE_URL, or NODE_ENV=production with DEPLOY=1, refuses to start with them
// (docs/abuse.md "Demo switches"). A real deployment sets SMS_DEV_INBOX=0 and OAUTH_LOCAL=0.
const demo = { SMS_DEV_INBOX: process.env.SMS_DEV_INBOX ?? '1', OAUTH_LOCAL: process.env.OAUTH_LOCAL ?? '1' };
const on = Object.entries(demo)
  .filter(([, v]) => v === '1')
  .map(([k]) => k);
if (on.length)
  console.log(
    `start: demo switches on (${on.join(', ')}): sign-in codes and local sign-in for browsers on this machine only; set them to 0 for a real deployment`,
  );
const server = spawn(process.execPath, ['scripts/server.mjs', '-p', port], {
  stdio: 'inherit',
  env: { ...process.env, ...demo, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
