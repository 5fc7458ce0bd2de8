// The server Playwright tests against: a production build on a fresh data directory.
import fs from 'node:fs';
import { spawn } from 'node:child_process';

const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['scripts/server.mjs', '-p', process.env.E2E_PORT ?? '3100'], {
  stdio: 'inherit',
  env: (({ DATABASE_URL: _ignored, ...rest }) => ({
    ...rest,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SMS_DEV_INBOX: '1',
    OAUTH_LOCAL: '1',
  }))(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
