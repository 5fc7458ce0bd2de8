import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { staffSignIn } from './console';
import { productNamed, signInAsGuest } from './wallet';

/**
 * A guest opens a recharge order through a real provider (docs/payments.md "Choosing a provider"): the order form
 * answers with the provider's pay page on our site. Returns the order and what the pack credits.
 */
export async function openProviderOrder(page: Page, info: TestInfo, provider: 'wechat' | 'alipay') {
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInAsGuest(page, info, provider);
  const res = await page.request.post('/orders/create', {
    form: { pid: String(pack.id), return: '/m/coins', provider },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const payPage = res.headers().location!;
  const orderId = Number(new RegExp(`/pay/${provider}/(\\d+)`).exec(payPage)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  return { pack, orderId, payPage, credited: pack.welth + pack.reward_welth };
}

/** The console's ledger audit, run now, passes (docs/wallet.md "Ledger audit"). */
export async function expectLedgerClean(staff: Page): Promise<void> {
  await staff.goto('/admin/orders');
  await staff.getByRole('button', { name: '立即核对' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('账本核对通过');
}

/**
 * Staff refund the paid order through the console (docs/wallet.md "Refunds"): the provider is asked to return the
 * money, the credit is taken back, the provider reports the money back, the reader's balance goes to 0 and the
 * ledger stays clean.
 */
export async function refundThroughConsole(
  browser: Browser,
  info: TestInfo,
  page: Page,
  orderId: number,
  credited: number,
  reason: string,
) {
  const staff = await staffSignIn(browser, info);
  await expectLedgerClean(staff);
  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.getByTestId('order-status')).toHaveText('已支付');
  const form = staff.getByRole('form', { name: '退款' });
  await form.getByLabel('退款原因').fill(reason);
  await form.getByLabel(/特批退款/).check();
  await form.getByRole('button', { name: '确认退款' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('已退款');
  await expect(staff.getByTestId('order-refund')).toContainText(`收回 ${credited} 书币`);
  // The provider's word on the money (docs/payments.md "Refund outcomes"): its refund notification, sent after it
  // answered, settles what its answer left processing.
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByTestId('provider-refund-status')).toHaveText('已退款到账', { timeout: 1000 });
  }).toPass();
  await page.reload();
  await expect(page.getByTestId('coins-balance')).toHaveText('0');
  await expectLedgerClean(staff);
  await staff.close();
}
