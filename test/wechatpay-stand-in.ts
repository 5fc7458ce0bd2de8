import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { POST as notifyRoute } from '@/app/v1/pay/notify/[provider]/route';
import { resetWechatPayConfig } from '@/lib/server/wallet/payments/wechat/config';

type Lib = typeof import('../scripts/lib/wechatpay-stand-in.mjs');
export type WechatPayStandIn = Awaited<ReturnType<Lib['startWechatPayStandIn']>>;

/** The merchant the stand-in and our configuration share, for tests that build its messages themselves. */
export const WECHATPAY_TEST_MERCHANT = { mchId: '1900000109', appId: 'wx_model_app', apiV3Key: 'model0key1model2key3model4key5ab' };
const { mchId: MCH, appId: APP, apiV3Key: APIV3 } = WECHATPAY_TEST_MERCHANT;

/**
 * WeChat Pay configured against the local stand-in for one test file (docs/payments.md "Testing"): a merchant key
 * pair made now, the stand-in's platform certificate as the configured one, notifications posted to the route.
 */
export function useWechatPayStandIn(): {
  standIn: () => WechatPayStandIn;
  lib: () => Lib;
  post: (n: { body: string; headers: Record<string, string> }) => Promise<Response>;
} {
  let standIn: WechatPayStandIn | undefined;
  let lib: Lib | undefined;
  let dir = '';
  beforeAll(async () => {
    lib = await import('../scripts/lib/wechatpay-stand-in.mjs');
    const merchant = lib.makeCertificate('merchant');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-model-'));
    fs.writeFileSync(path.join(dir, 'merchant-key.pem'), merchant.keyPem);
    standIn = await lib.startWechatPayStandIn({
      mchId: MCH,
      appId: APP,
      apiV3Key: APIV3,
      merchantPublicKeyPem: merchant.certPem,
      merchantSerial: merchant.serial,
    });
    fs.writeFileSync(path.join(dir, 'platform-cert.pem'), standIn.platformCertPem);
    Object.assign(process.env, {
      WECHATPAY_MCHID: MCH,
      WECHATPAY_APPID: APP,
      WECHATPAY_SERIAL: merchant.serial,
      WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'merchant-key.pem'),
      WECHATPAY_APIV3_KEY: APIV3,
      WECHATPAY_PLATFORM_CERT_FILE: path.join(dir, 'platform-cert.pem'),
      WECHATPAY_BASE_URL: standIn.base,
      WECHATPAY_NOTIFY_URL: 'http://127.0.0.1:9/v1/pay/notify/wechat',
    });
    resetWechatPayConfig();
  }, 60_000);
  afterAll(async () => {
    await standIn?.close();
    for (const k of Object.keys(process.env)) if (k.startsWith('WECHATPAY_')) delete process.env[k];
    resetWechatPayConfig();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    standIn: () => standIn!,
    lib: () => lib!,
    post: (n) =>
      notifyRoute(
        new NextRequest(new URL('/v1/pay/notify/wechat', 'http://localhost'), { method: 'POST', headers: n.headers, body: n.body }),
        {
          params: Promise.resolve({ provider: 'wechat' }),
        },
      ),
  };
}

/** Our out_trade_no for an order under the default prefix. */
export const wechatTradeNo = (orderId: number) => `SS${String(orderId).padStart(8, '0')}`;
