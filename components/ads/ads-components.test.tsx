import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdSlot } from './ad-slot';
import { CustomAdTrigger } from './custom-ad-trigger';
import { ModalHost } from '../modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { resetConfigForTests } from '@/lib/client/config';
import { resetAdFilesForTests } from '@/lib/client/ads/load';
import { AD_KEYS } from '@/lib/client/ads/rules';
import { COOKIE } from '@/lib/shared/cookies';
import { mockFetch, type Routes } from '@/test/mock-fetch';

// docs/ads.md "Client rules" in the pages: the slot asks only when it may, visitors filter through the static file,
// ad-free members get nothing, the carousel stays closed, the custom-ad modal comes 1 s late, once a day.
const AD = {
  id: 1,
  placement: 'home_carousel',
  title: '开通VIP 全站免费读',
  body: '畅读',
  image: '/promo/ad-vip.svg',
  token: 'a'.repeat(24),
};
const FILE = {
  kind: 'ads',
  brand: 'main',
  ads: [
    {
      id: 1,
      placement: 'home_carousel',
      title: 'x',
      image: '/x.svg',
      language_type: 1,
      channel: null,
      audience: 'all',
      bonus_hunter_only: false,
      starts_at: null,
      ends_at: null,
    },
  ],
};
const routes = (over: Routes = {}): Routes => ({
  'GET /v1/spa/config': {
    data: {
      is_ad_enabled: true,
      self_owned: false,
      ads_files: { ads: '/v1/ads/static/ads.0123456789abcdef.json', reader: '/v1/ads/static/reader.0123456789abcdef.json' },
    },
  },
  'GET /v1/ads/static/ads.0123456789abcdef.json': { data: FILE },
  'GET /v1/ads/get_ads': { data: { ad_free: false, list: [AD] } },
  ...over,
});
const signIn = () => (document.cookie = `${COOKIE.memberId}=42; path=/`);
const signOut = () => (document.cookie = `${COOKIE.memberId}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`);

async function flush(ms = 400) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetConfigForTests();
  resetAdFilesForTests();
  useModalStore.setState({ current: null });
  signOut();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function settled() {
  for (let i = 0; i < 6; i++) await flush(400);
}

describe('AdSlot', () => {
  it('a visitor: reads the static file, asks the API only when the file has a candidate, shows the ad; ✕ closes it for good', async () => {
    const fetch = mockFetch(routes());
    const view = render(<AdSlot placement="home_carousel" languageType={1} />);
    await settled();
    expect(await screen.findByTestId('ad-carousel')).toBeInTheDocument();
    expect(fetch.calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/v1/ads/static/ads.0123456789abcdef.json', '/v1/ads/get_ads']));
    fireEvent.click(screen.getByRole('button', { name: '关闭广告' }));
    expect(screen.queryByTestId('ad-carousel')).toBeNull();
    expect(localStorage.getItem(AD_KEYS.carouselClosed)).toBe('1');
    view.unmount();
    const again = mockFetch(routes());
    const closed = render(<AdSlot placement="home_carousel" languageType={1} />);
    // The marker says the slot has its answer (none) before it has one: the e2e journeys wait for that.
    expect(closed.container.querySelector('[data-ads]')).toBeNull();
    await settled();
    expect(screen.queryByTestId('ad-carousel')).toBeNull();
    expect(closed.container.querySelector('[data-ads="none"]')).not.toBeNull();
    expect(again.calls).toHaveLength(0);
  });

  it('a visitor whose language the file does not list: no API call, nothing shown', async () => {
    const fetch = mockFetch(routes());
    render(<AdSlot placement="home_carousel" languageType={0} />);
    await settled();
    expect(fetch.calls.some((c) => c.path === '/v1/ads/get_ads')).toBe(false);
    expect(screen.queryByTestId('ad-carousel')).toBeNull();
  });

  it('an ad-free member: never loads the static file, renders nothing the server did not send', async () => {
    signIn();
    const fetch = mockFetch(routes({ 'GET /v1/ads/get_ads': { data: { ad_free: true, list: [] } } }));
    const view = render(<AdSlot placement="chapter_end" />);
    await settled();
    expect(fetch.calls.some((c) => c.path.startsWith('/v1/ads/static/'))).toBe(false);
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    expect(view.container.querySelector('[data-ads="none"]')).not.toBeNull();
  });

  it('counts a failed call as an ad error, and above 3 stops asking', async () => {
    signIn();
    const fetch = mockFetch(routes({ 'GET /v1/ads/get_ads': { status: 500 } }));
    for (let i = 0; i < 4; i++) {
      const v = render(<AdSlot placement="chapter_end" />);
      await settled();
      v.unmount();
    }
    expect(localStorage.getItem(AD_KEYS.unsupportedAt)).not.toBeNull();
    const before = fetch.calls.length;
    render(<AdSlot placement="chapter_end" />);
    await settled();
    expect(fetch.calls.length).toBe(before);
  });
});

describe('CustomAdTrigger', () => {
  const INFO = {
    show: true,
    text: '充值9.9元，永久去除广告',
    ad: null,
    offer: { product_id: 9, name: '永久去广告', price: 990, scene: 10009 },
  };

  it('opens the modal 1 s after the offer arrives, once a day', async () => {
    signIn();
    mockFetch(routes({ 'GET /v1/ads/interact_ad_info': { data: INFO } }));
    const view = render(
      <>
        <CustomAdTrigger />
        <ModalHost />
      </>,
    );
    await flush(0);
    await flush(0);
    await flush(900);
    expect(useModalStore.getState().current).toBeNull();
    await flush(200);
    expect(useModalStore.getState().current?.name).toBe('custom-ad');
    view.unmount();
    useModalStore.setState({ current: null });
    const fetch = mockFetch(routes({ 'GET /v1/ads/interact_ad_info': { data: INFO } }));
    render(<CustomAdTrigger />);
    await settled();
    expect(useModalStore.getState().current).toBeNull();
    expect(fetch.calls).toHaveLength(0);
  });

  it('stays shut while another modal is open, for visitors, and when the server says no', async () => {
    signIn();
    mockFetch(routes({ 'GET /v1/ads/interact_ad_info': { data: INFO } }));
    useModalStore.getState().open('read-continue', {});
    render(<CustomAdTrigger />);
    await settled();
    expect(useModalStore.getState().current?.name).toBe('read-continue');
    expect(localStorage.getItem(AD_KEYS.customModalShownOn)).toBeNull();
    useModalStore.setState({ current: null });

    signOut();
    const visitor = mockFetch(routes({ 'GET /v1/ads/interact_ad_info': { data: INFO } }));
    render(<CustomAdTrigger />);
    await settled();
    expect(visitor.calls).toHaveLength(0);

    signIn();
    mockFetch(routes({ 'GET /v1/ads/interact_ad_info': { data: { ...INFO, show: false } } }));
    render(<CustomAdTrigger />);
    await settled();
    expect(useModalStore.getState().current).toBeNull();
  });
});
