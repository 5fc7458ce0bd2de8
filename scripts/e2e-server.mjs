// The server Playwright tests against: a production build on a fresh data directory.
import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { startWechatStandIn } from './lib/wechat-stand-in.mjs';
import { tsImport } from 'tsx/esm/api';

const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
fs.rmSync(dataDir, { recursive: true, force: true });
// Next's data cache (cached reads, lib/server/cache.ts) outlives a run in .next/cache; a fresh database must not be
// shown through reads cached from the previous run's.
fs.rmSync('.next/cache/fetch-cache', { recursive: true, force: true });
// The messaging app's token endpoints, stood in for on 127.0.0.1 (docs/sharing.md "Testing"): the JS-SDK config
// signs with a real ticket from it. Its own app id pair, so the OAuth sign-in stays on the local provider.
const wechat = await startWechatStandIn({ appId: 'wx_e2e_app', appSecret: 'e2e-secret' });
// Alipay's gateway, cashier, notifications and bill, stood in for on 127.0.0.1 with key pairs made now
// (docs/payments-alipay.md "Testing"); its ALIPAY_* environment configures the server.
const { startAlipayStandIn } = await tsImport('../test/stand-ins/alipay.ts', import.meta.url);
const alipay = await startAlipayStandIn({ keyDir: fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/e2e-alipay-keys-`) });
const env = (({ DATABASE_URL: _ignored, ...rest }) => ({
  ...rest,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SMS_DEV_INBOX: '1',
  OAUTH_LOCAL: '1',
  WECHAT_MP_APP_ID: 'wx_e2e_app',
  WECHAT_MP_APP_SECRET: 'e2e-secret',
  WECHAT_API_BASE: wechat.base,
  ...alipay.env,
  // The existing journeys pay through the sandbox; the provider journeys choose theirs (docs/payments.md).
  PAY_SANDBOX: '1',
}))(process.env);

// The console journey (e2e/console.spec.ts) signs in as a staff admin. Made here with the documented command,
// before the server takes the data directory (PGlite: one process per directory); only this test server does it.
const staff = spawnSync(
  process.execPath,
  [
    '--conditions=react-server',
    '--import',
    'tsx',
    'scripts/staff-create.ts',
    '--username',
    process.env.E2E_STAFF_USERNAME ?? 'e2e-admin',
    '--role',
    'admin',
  ],
  { stdio: 'inherit', env: { ...env, NODE_ENV: 'test', STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password' } },
);
if (staff.status !== 0) process.exit(staff.status ?? 1);

const server = spawn(process.execPath, ['scripts/server.mjs', '-p', process.env.E2E_PORT ?? '3100'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void wechat.close();
  void alipay.stop();
  process.exit(code ?? 0);
});
