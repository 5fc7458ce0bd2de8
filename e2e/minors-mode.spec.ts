import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone, signInByPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';
import { inMinorsNight } from '@/lib/shared/minors-mode';

// 青少年模式 on a phone (docs/minors-mode.md): switched on from 我的 with a password; at 22:00 Beijing the reader and the
// player stop with the explanation (the browser's clock: the e2e server has no clock of its own to fix, its night
// refusals are tested with fake time in test/minors-mode.test.ts); past the day's limit they stop the same way; buying,
// tipping and recharging are refused by the server; home and the library show only suitable novels and novel 2's page
// the notice.
/** The demo catalogue's suitable novels (docs/minors-mode.md "Suitable novels"): 1, 3 and every fourth from 5. */
const demoSuitable = (id: number) => id === 1 || id === 3 || (id >= 5 && (id - 5) % 4 === 0);

test(
  'switch on from 我的, only suitable novels, stop at 22:00 and past the limit, money refused server-side',
  ONE_PHONE_ONLY,
  async ({ page, request }, info) => {
    await signInByPhone(page, freshPhone(37));
    await page.goto('/m/my');
    const card = page.getByTestId('minors-mode-card');
    await card.getByRole('button', { name: '开启青少年模式' }).click();
    await card.getByLabel('4位数字密码').fill('2580');
    await card.getByLabel('再次输入密码').fill('2580');
    await card.getByRole('button', { name: '开启青少年模式' }).click();
    await expect(card.getByRole('heading')).toContainText('已开启');
    await expect(card).toContainText('今日已使用 0 分钟，每日 40 分钟');
    await page.screenshot({ path: info.outputPath('minors-my.png') });

    // Home and the library show only suitable novels; novel 2's page shows the notice instead of the book.
    const novelIdsOn = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('a[href^="/m/novels/"]').first()).toBeVisible();
      const hrefs = await page.locator('a[href^="/m/novels/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      return hrefs
        .map((h) => /^\/m\/novels\/(\d+)$/.exec(h)?.[1])
        .filter(Boolean)
        .map(Number);
    };
    for (const path of ['/m', '/m/library']) {
      const ids = await novelIdsOn(path);
      expect(ids.length, path).toBeGreaterThan(0);
      expect(
        ids.filter((id) => !demoSuitable(id)),
        path,
      ).toEqual([]);
    }
    await page.goto('/m/novels/2');
    const notice = page.getByTestId('minors-novel-notice');
    await expect(notice.getByRole('heading', { name: '青少年模式下不可查看该作品' })).toBeVisible();
    await expect(page.getByText('作品详情')).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('minors-novel-notice.png') });
    await notice.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/m$/);

    // Money is refused by the server, whatever the page shows.
    for (const [path, data] of [
      ['/v1/novels/1/buy', { aid: 30 }],
      ['/v1/novels/6/buy_book', {}],
      ['/v1/novels/1/tips', { amount: 1, gift_id: 2 }],
    ] as const) {
      const res = await page.request.post(path, { headers: sigHeader(), data });
      expect(res.status(), path).toBe(403);
      expect((await res.json()).code, path).toBe(90420);
    }
    // A recharge order is refused too: the order flow lands on /orders/failed with the mode's reason.
    const recharge = await page.request.get('/v1/products?product_type=recharge');
    const product = ((await recharge.json()).data as Array<{ id: number }>)[0]!;
    const order = await page.request.post('/orders/create', { form: { pid: String(product.id), return: '/m/my' }, maxRedirects: 0 });
    expect(order.headers().location ?? '').toContain('/orders/failed');
    expect(order.headers().location ?? '').toContain('minors_mode');

    // A novel not marked suitable is refused; novel 1 is suitable, and refused only in the night window, which the
    // server reads from its own clock: the real one (a run between 22:00 and 6:00 Beijing sees the night).
    const suitable = await page.request.get('/v1/read/1?nid=1');
    if (inMinorsNight(Date.now())) expect(await suitable.json()).toMatchObject({ code: 90420, data: { minors_mode: 'night' } });
    else expect(suitable.status()).toBe(200);
    // Its chapter list is refused in the mode too; a visitor reads it.
    expect((await (await page.request.get('/v1/novels/2/catalog?start=0&limit=1')).json()).code).toBe(90420);
    const chapter2 = await request.get('/v1/novels/2/catalog?start=0&limit=1');
    const firstOf2 = ((await chapter2.json()).data.data as Array<{ id: number }>)[0]!.id;
    const refused = await page.request.get(`/v1/read/${firstOf2}?nid=2`);
    expect((await refused.json()).code).toBe(90420);
    // Its chapter's page, opened from a shared link, says why instead of the error page, on the reader and the player.
    for (const path of [`/m/read/${firstOf2}?nid=2`, `/m/listen/${firstOf2}`]) {
      await page.goto(path);
      await expect(
        page.getByTestId('minors-novel-notice').getByRole('heading', { name: '青少年模式下不可查看该作品' }),
        path,
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: '服务器开小差了' })).toHaveCount(0);
    }

    // Past the day's limit (the server's answer, stood in for: 40 real minutes are not spent here) the reader stops.
    await page.route('**/v1/my/minors_mode/heartbeat', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: { ...body, data: { ...body.data, blocked: 'limit', used_seconds: 2400, remaining_seconds: 0 } },
      });
    });
    await page.goto('/m/read/1?nid=1');
    const gate = page.getByTestId('minors-gate');
    if (inMinorsNight(Date.now())) {
      // The server's own night comes first: its page is the night's stop sheet, not the error page.
      await expect(gate.getByRole('heading')).toHaveText('现在是休息时间');
    } else {
      await expect(gate.getByRole('heading')).toHaveText('今日使用时长已达上限');
      await expect(gate).toContainText('每日可使用 40 分钟');
    }
    await page.screenshot({ path: info.outputPath('minors-limit.png') });
    await page.unroute('**/v1/my/minors_mode/heartbeat');

    // 22:00 Beijing on the phone's clock: the reader and the player stop with the explanation.
    await page.clock.install({ time: new Date(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T22:00:05+08:00`) });
    await page.goto('/m/read/1?nid=1');
    await expect(gate.getByRole('heading')).toHaveText('现在是休息时间');
    await expect(gate).toContainText('22:00 至次日 6:00');
    await page.goto('/m/listen/1');
    await expect(gate.getByRole('heading')).toHaveText('现在是休息时间');
    await page.screenshot({ path: info.outputPath('minors-night.png') });
    await gate.getByRole('link', { name: '返回我的' }).click();
    await expect(page).toHaveURL(/\/m\/my$/);
  },
);
