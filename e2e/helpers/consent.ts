import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Agreeing to the 用户协议 and 隐私政策 at sign-in (docs/agreements.md "Agreeing at sign-in"): every sign-in, by API or
 * on a page, carries the versions in force, as a reader who ticked the box does.
 */
export async function agreedVersions(request: APIRequestContext): Promise<{ user: number; privacy: number }> {
  const { data } = (await (await request.get('/v1/agreements')).json()) as { data: Record<'user' | 'privacy', { version: number }> };
  return { user: data.user.version, privacy: data.privacy.version };
}

/** Ticks the agreements box of /m/login or /m/oauth (never ticked for the reader). */
export async function tickAgreements(page: Page): Promise<void> {
  const box = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  await expect(box).not.toBeChecked();
  await box.check();
}

/**
 * The messaging app's forced sign-in page: tick, then 同意并登录 leaves for the app's authorize page (its stand-in
 * in the e2e server).
 */
export async function agreeOnOAuthPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/m\/oauth\?next=/);
  await tickAgreements(page);
  await page.getByRole('button', { name: '同意并登录' }).click();
  await expect(page).toHaveURL(/\/connect\/oauth2\/authorize\?/);
}
