import { expect, type Page, type TestInfo } from '@playwright/test';
import type { ShopProduct } from '@/lib/shared/dto/shop';
import { sigHeader } from './sig';
import { agreedVersions } from './consent';

export type Product = ShopProduct;

/** A fresh guest session in this page's browser context (one guest per device id). */
export async function signInAsGuest(page: Page, info: TestInfo, tag: string): Promise<void> {
  const res = await page.request.post('/v1/tourist/login', {
    headers: sigHeader(),
    data: {
      device_id: `e2e-${tag}-${info.project.name}-${info.workerIndex}-${Date.now()}`,
      agreements: await agreedVersions(page.request),
    },
  });
  expect(res.ok()).toBe(true);
}

export async function productNamed(page: Page, productType: string, name: string): Promise<Product> {
  const products = (await (await page.request.get(`/v1/products?product_type=${productType}`)).json()).data as Product[];
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no ${productType} product named ${name}`);
  return product;
}

/** One tap on an in-app buy button posts the order (a form to /orders/create): the next page is the provider's. */
export async function expectSandboxPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+$/);
}

/**
 * Only for a link from elsewhere (or an old one) to GET /orders/create: it shows a confirmation whose button posts
 * the order (a GET never opens one, so another site's link cannot either; docs/api.md "Flow routes").
 */
export async function confirmOrder(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/orders\/create\?/);
  await page.getByRole('button', { name: '确认并前往支付' }).click();
  await expectSandboxPage(page);
}

/** Opens an order as the buy buttons do, a same-origin form post of its fields, and goes to its provider's page. */
export async function openOrder(page: Page, fields: Record<string, string>): Promise<void> {
  const res = await page.request.post('/orders/create', { form: fields, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  await page.goto(res.headers().location!);
  await expectSandboxPage(page);
}

/** Payment on the sandbox provider's page (where the buy button led), and waits to be back. */
export async function approveSandboxPayment(page: Page, returnPath: string): Promise<void> {
  await expectSandboxPage(page);
  await expect(page.getByText('一经购买不支持退款')).toBeVisible();
  await page.getByRole('button', { name: /确认支付/ }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath.replace(/[/?]/g, '\\$&')}$`));
}

/** Buys a product through the real order flow: order creation, the sandbox provider, the signed notification. */
export async function payInSandbox(page: Page, productId: number, returnPath: string): Promise<void> {
  await openOrder(page, { pid: String(productId), return: returnPath });
  await approveSandboxPayment(page, returnPath);
}

let phoneSeq = 0;
/** A fresh mainland number per call, so one test's per-phone SMS limits never touch another's. */
export const freshPhone = (salt: number) => `137${String((Date.now() * 7 + salt * 1000 + ++phoneSeq) % 100_000_000).padStart(8, '0')}`;

/** Signs in by SMS through the API (the dev inbox gives the code): a new phone member, who gets the signup coupons. */
export async function signInByPhone(page: Page, phone: string): Promise<void> {
  expect((await page.request.post('/v1/sms/code', { headers: sigHeader(), data: { phone } })).ok()).toBe(true);
  const { data } = (await (await page.request.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } };
  expect(
    (
      await page.request.post('/v1/sms/login', {
        headers: sigHeader(),
        data: { phone, code: data.code, agreements: await agreedVersions(page.request) },
      })
    ).ok(),
  ).toBe(true);
}
