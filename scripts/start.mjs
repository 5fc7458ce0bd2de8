// npm start: build when the sources changed, then serve. The server migrates and seeds on start (instrumentation.ts).
import { spawn } from 'node:child_process';
import { needsBuild } from './lib/build-state.mjs';
import { bin, run } from './lib/run.mjs';

const port = process.env.PORT ?? '3000';

if (needsBuild()) {
  console.log('start: building the app (first start or sources changed)…');
  const code = await run(bin('next'), ['build']);
  if (code !== 0) process.exit(code);
}

console.log(`start: serving http://localhost:${port}/m (${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${process.env.DATA_DIR ?? '.data'}`})`);
const server = spawn(bin('next'), ['start', '-p', port], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
