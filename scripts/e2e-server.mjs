// The server Playwright tests against: a production build on a fresh data directory.
import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { startWechatStandIn } from './lib/wechat-stand-in.mjs';
import { tsImport } from 'tsx/esm/api';

const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
fs.rmSync(dataDir, { recursive: true, force: true });
// Next's data cache (cached reads, lib/server/core/cache.ts) outlives a run in .next/cache; a fresh database must not be
// shown through reads cached from the previous run's.
fs.rmSync('.next/cache/fetch-cache', { recursive: true, force: true });
// Alipay's gateway, cashier, notifications and bill, stood in for on 127.0.0.1 with key pairs made now
// (docs/payments-alipay.md "Testing"); its ALIPAY_* environment configures the server.
const { startAlipayStandIn } = await tsImport('../test/stand-ins/alipay.ts', import.meta.url);
const alipay = await startAlipayStandIn({ keyDir: fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/e2e-alipay-keys-`) });
// WeChat Pay API v3 stood in for on 127.0.0.1 (docs/payments.md "Testing"): merchant and platform certificates made
// now; the stand-in's H5 cashier pays and posts a signed, encrypted notification to this server.
const wxpayLib = await import('./lib/wechatpay-stand-in.mjs');
const wxpayDir = fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/e2e-wxpay-keys-`);
const merchant = wxpayLib.makeCertificate('e2e-merchant');
fs.writeFileSync(`${wxpayDir}/merchant-key.pem`, merchant.keyPem);
const WXPAY = { mchId: '1900000109', appId: 'wx_e2e_app', apiV3Key: 'e2e0apiv3key0for0the0stand0in032' };
const wxpay = await wxpayLib.startWechatPayStandIn({
  ...WXPAY,
  merchantPublicKeyPem: merchant.certPem,
  merchantSerial: merchant.serial,
});
fs.writeFileSync(`${wxpayDir}/platform-cert.pem`, wxpay.platformCertPem);
// The messaging app, stood in for on 127.0.0.1 (docs/sharing.md, docs/accounts.md "Third-party sign-in (OAuth)"): the JS-SDK config signs
// with a real ticket from it, its web sign-in gives readers inside the app an OpenID (the OAuth pair below; outside
// the app the local provider still signs in, docs/accounts.md), and its /jsapi/pay hands the in-app payment to the
// WeChat Pay stand-in. Our one registered callback: the authorize page refuses any other.
const port = process.env.E2E_PORT ?? '3100';
const wechat = await startWechatStandIn({
  appId: WXPAY.appId,
  appSecret: 'e2e-secret',
  callbacks: [`http://127.0.0.1:${port}/oauth/callback`],
  payBase: wxpay.base,
});
const env = (({ DATABASE_URL: _ignored, ...rest }) => ({
  ...rest,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SMS_DEV_INBOX: '1',
  OAUTH_LOCAL: '1',
  WECHAT_MP_APP_ID: 'wx_e2e_app',
  WECHAT_MP_APP_SECRET: 'e2e-secret',
  WECHAT_APP_ID: 'wx_e2e_app',
  WECHAT_APP_SECRET: 'e2e-secret',
  WECHAT_API_BASE: wechat.base,
  WECHAT_OPEN_BASE: wechat.base,
  ...alipay.env,
  WECHATPAY_MCHID: WXPAY.mchId,
  WECHATPAY_APPID: WXPAY.appId,
  WECHATPAY_SERIAL: merchant.serial,
  WECHATPAY_PRIVATE_KEY_FILE: `${wxpayDir}/merchant-key.pem`,
  WECHATPAY_APIV3_KEY: WXPAY.apiV3Key,
  WECHATPAY_PLATFORM_CERT_FILE: `${wxpayDir}/platform-cert.pem`,
  WECHATPAY_BASE_URL: wxpay.base,
  WECHATPAY_NOTIFY_URL: `http://127.0.0.1:${port}/v1/pay/notify/wechat`,
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

const server = spawn(process.execPath, ['scripts/server.mjs', '-p', port], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void wechat.close();
  void alipay.stop();
  void wxpay.close();
  process.exit(code ?? 0);
});
