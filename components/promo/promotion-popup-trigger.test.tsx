import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PromotionPopupTrigger, type PromotionPopupStep } from './promotion-popup-trigger';
import { ModalHost } from '../modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { resetConfigForTests } from '@/lib/client/config';
import { businessDate, claimDailyShow } from '@/lib/client/promotion-popup';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { PROMOTION } from '@/test/shop-fixtures';

const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const flags = (over: Record<string, unknown> = {}) => ({
  promotion_popup: { product_id: 3, promotion_id: 1 },
  ios_recharge_disabled: false,
  hide_recharge_nav: false,
  ...over,
});
const routes = (over: Record<string, unknown> = {}): Routes => ({
  'GET /v1/spa/config': { data: flags(over) },
  'GET /v1/promotions': { data: [PROMOTION] },
  'POST /v1/promotions/track': { data: null },
});

/** The reader's first scroll: the popup waits for it (docs/shell.md "Modals"). */
function scrollPage() {
  act(() => {
    fireEvent.scroll(window);
  });
}

/**
 * Renders the trigger (after `before`, beside the modal host) and follows the steps it reports: `next()` resolves
 * with the next one — `waiting` for the reader's first interaction, then where it stopped. An absence is asserted
 * once the trigger has said why it did not open, never after a guessed wait: a trigger that wrongly opens reports
 * `opened` and the test fails.
 */
function mount(before: ReactNode = null) {
  const steps: PromotionPopupStep[] = [];
  const onStep = (step: PromotionPopupStep) => void steps.push(step);
  const view = render(
    <>
      {before}
      <PromotionPopupTrigger onStep={onStep} />
      <ModalHost />
    </>,
  );
  let taken = 0;
  const next = async () => {
    await waitFor(() => expect(steps.length).toBeGreaterThan(taken));
    return steps[taken++];
  };
  return { view, steps, next };
}

/** The trigger's final word, scrolling the page when it waits for it (the popup's last wait). */
async function outcome(t: ReturnType<typeof mount>) {
  const first = await t.next();
  if (first !== 'waiting') return first;
  scrollPage();
  return t.next();
}

/** No popup: not in the store, not on the screen. */
function expectNoPopup() {
  expect(useModalStore.getState().current).toBeNull();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

describe('promotion popup on home', () => {
  beforeEach(() => {
    localStorage.clear();
    resetConfigForTests();
    useModalStore.setState({ current: null });
  });
  afterEach(() => jest.restoreAllMocks());

  it('opens once a day per device when the flag is set, and tracks the open', async () => {
    const fetch = mockFetch(routes());
    const first = mount();
    expect(await outcome(first)).toBe('opened');
    expect(useModalStore.getState().current).toMatchObject({ name: 'promotion-popup' });
    expect(await screen.findByRole('dialog', { name: '限时充值礼包' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.path === '/v1/promotions/track' && (c.body as { act_name: number }).act_name === 1)).toBe(true),
    );
    first.view.unmount();
    useModalStore.setState({ current: null });

    resetConfigForTests();
    const again = mount();
    expect(await outcome(again)).toBe('shown_today');
    expectNoPopup();
  });

  it('waits for the first scroll or tap outside a link before opening, and claims the day only then', async () => {
    const fetch = mockFetch(routes());
    const t = mount(
      <>
        <a href="#chapter-1">一本书</a>
        <p>正文</p>
      </>,
    );
    // Loaded and ready, but the page is untouched: no popup, the day not used up, nothing tracked.
    expect(await t.next()).toBe('waiting');
    expect(fetch.calls.some((c) => c.path === '/v1/promotions')).toBe(true);
    expectNoPopup();
    expect(localStorage.getItem('promotion_popup.shown_on')).toBeNull();
    expect(fetch.calls.some((c) => c.path === '/v1/promotions/track')).toBe(false);

    // A tap on a link starts a navigation: the popup must not jump over it. An interaction the trigger took would
    // claim the day synchronously after its promise resolves, so the microtasks act() drains are enough to see it.
    await act(async () => {
      fireEvent.pointerDown(screen.getByRole('link', { name: '一本书' }));
    });
    expect(t.steps).toEqual(['waiting']);
    expect(localStorage.getItem('promotion_popup.shown_on')).toBeNull();
    expectNoPopup();

    // The banner strip turning by itself scrolls an element, not the page: no sign of a reader.
    await act(async () => {
      fireEvent.scroll(screen.getByText('正文'));
    });
    expect(t.steps).toEqual(['waiting']);
    expect(localStorage.getItem('promotion_popup.shown_on')).toBeNull();
    expectNoPopup();

    act(() => {
      fireEvent.pointerDown(screen.getByText('正文'));
    });
    expect(await t.next()).toBe('opened');
    expect(await screen.findByRole('dialog', { name: '限时充值礼包' })).toBeInTheDocument();
    expect(localStorage.getItem('promotion_popup.shown_on')).toBe(businessDate(new Date()));
  });

  it('opens at once on a page the reader scrolled before it hydrated', async () => {
    mockFetch(routes());
    window.scrollY = 300;
    try {
      const t = mount();
      expect(await t.next()).toBe('waiting');
      expect(await t.next()).toBe('opened');
      expect(await screen.findByRole('dialog', { name: '限时充值礼包' })).toBeInTheDocument();
    } finally {
      window.scrollY = 0;
    }
  });

  it('does not open without the flag', async () => {
    mockFetch(routes({ promotion_popup: null }));
    expect(await outcome(mount())).toBe('no_config');
    expectNoPopup();
    expect(localStorage.length).toBe(0);
  });

  it('does not open where payment is unavailable (iOS messaging app, recharge off)', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_IOS);
    const fetch = mockFetch(routes({ ios_recharge_disabled: true }));
    expect(await outcome(mount())).toBe('cannot_pay');
    expectNoPopup();
    expect(fetch.calls.some((c) => c.path === '/v1/promotions')).toBe(false);
  });

  it('does not open over another modal', async () => {
    mockFetch(routes());
    useModalStore.getState().open('confirm', { title: '别的弹窗' });
    expect(await outcome(mount())).toBe('other_modal');
    expect(useModalStore.getState().current).toMatchObject({ name: 'confirm' });
    expect(screen.getByRole('dialog', { name: '别的弹窗' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('stays quiet when the config call fails', async () => {
    // The promotions answer: only the missing config keeps the popup away.
    const { 'GET /v1/spa/config': _config, ...rest } = routes();
    mockFetch(rest);
    expect(await outcome(mount())).toBe('no_config');
    expectNoPopup();
  });

  it('counts days in Asia/Shanghai', () => {
    expect(businessDate(new Date('2030-01-01T15:59:00Z'))).toBe('2030-01-01');
    expect(businessDate(new Date('2030-01-01T16:00:00Z'))).toBe('2030-01-02');
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(claimDailyShow(new Date('2030-01-01T10:00:00Z'), storage)).toBe(true);
    expect(claimDailyShow(new Date('2030-01-01T15:00:00Z'), storage)).toBe(false);
    expect(claimDailyShow(new Date('2030-01-01T16:30:00Z'), storage)).toBe(true);
    expect(claimDailyShow(new Date(), null)).toBe(false);
  });
});

describe('the popup copy experiment on home (docs/experiments.md)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetConfigForTests();
    useModalStore.setState({ current: null });
  });
  it('asks for the variant only when the popup is about to show, and opens with it', async () => {
    const fetch = mockFetch({
      ...routes(),
      'GET /v1/laboratory/ab_tests/check': { data: { key: 'promotion_popup_copy', variant: 'bonus', running: true } },
    });
    const t = mount();
    expect(await t.next()).toBe('waiting');
    expect(fetch.calls.some((c) => c.path === '/v1/laboratory/ab_tests/check')).toBe(false);
    scrollPage();
    expect(await t.next()).toBe('opened');
    await screen.findByRole('dialog', { name: '限时充值礼包' });
    expect(fetch.calls.filter((c) => c.path === '/v1/laboratory/ab_tests/check').map((c) => c.url)).toEqual([
      '/v1/laboratory/ab_tests/check?key=promotion_popup_copy',
    ]);
    expect(useModalStore.getState().current).toMatchObject({ props: { copy: 'bonus' } });
  });

  it('falls back to the control copy when the check fails', async () => {
    mockFetch({ ...routes(), 'GET /v1/laboratory/ab_tests/check': { status: 404, message: '实验不存在' } });
    expect(await outcome(mount())).toBe('opened');
    await screen.findByRole('dialog', { name: '限时充值礼包' });
    expect(useModalStore.getState().current).toMatchObject({ props: { copy: 'control' } });
  });
});
