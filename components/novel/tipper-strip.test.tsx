import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TipperStrip } from './tipper-strip';
import { ModalHost } from '@/components/modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { markOwnWrite, pastSharedCaches } from '@/lib/client/own-write';
import { OWN_WRITE_COOKIE } from '@/lib/shared/cookies';
import { mockFetch } from '@/test/mock-fetch';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

const before = [{ member_id: 101, nickname: '书友1', headimgurl: '/avatar.svg', welth: 900, ranking: 1 }];

describe('the novel page 打赏榜 strip', () => {
  afterEach(() => Cookies.remove('member_id'));

  it('shows the tipper their new sum right after the tip, read past shared caches', async () => {
    Cookies.set('member_id', '12');
    let tipped = false;
    const fetch = mockFetch({
      'GET /v1/novels/6': { data: { id: 6, title: '书', thumb: '/c.svg', language_type: 1 } },
      'GET /v1/tips/gifts': { data: [{ id: 3, title: '跑车', thumb: '/g.svg', wealth: 1000, is_free_used: false }] },
      'GET /v1/my/balance': { data: { welth: 9000, welth_coupon: 0 } },
      'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
      'GET /v1/novels/6/fans/me': { data: { novel_id: 6, value: 0, coins: 0, tickets: 0, level: 1, title: '见习', ranking: null } },
      'POST /v1/novels/6/tips': () => {
        tipped = true;
        return { data: { gift_wealth: 1000, gift_amount: 1, welth: 8000, welth_coupon: 0, fan: null } };
      },
      'GET /v1/novels/6/tippers/top/3': () => ({
        data: tipped ? [{ member_id: 12, nickname: '土豪', headimgurl: '/avatar.svg', welth: 1000, ranking: 1 }, ...before] : before,
      }),
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <TipperStrip novelId={6} initial={before} />
        <ModalHost />
      </SWRConfig>,
    );
    expect(screen.getByTestId('tipper-strip')).toHaveTextContent('书友1900 书币');
    expect(fetch.calls).toHaveLength(0);
    act(() => useModalStore.getState().open('gift', { novelId: 6, scene: 'novel' }));
    fireEvent.click(await screen.findByRole('button', { name: '赠送 · 1000书币' }));
    await waitFor(() => expect(screen.getByTestId('tipper-strip')).toHaveTextContent('土豪1000 书币书友1900 书币'));
    const read = fetch.calls.filter((c) => c.path === '/v1/novels/6/tippers/top/3').at(-1)!;
    expect(read.url).toMatch(/\?fresh=\d+$/);
  });

  it('only the writer reads past shared caches, and only while a copy from before the write may live', () => {
    markOwnWrite(1_000_000);
    expect(pastSharedCaches('/v1/novels/6/tips/sum', 1_000_000 + 359_000)).toBe('/v1/novels/6/tips/sum?fresh=1000000');
    expect(pastSharedCaches('/v1/novels/6/tips?start=0', 1_000_001)).toBe('/v1/novels/6/tips?start=0&fresh=1000000');
    expect(pastSharedCaches('/v1/novels/6/tips/sum', 1_000_000 + 361_000)).toBe('/v1/novels/6/tips/sum');
  });

  it('a write answered before a reload still counts: the own-write cookie the server left is read', () => {
    Cookies.set(OWN_WRITE_COOKIE, '5000000');
    try {
      expect(pastSharedCaches('/v1/novels/6/tips/sum', 5_000_000 + 10_000)).toBe('/v1/novels/6/tips/sum?fresh=5000000');
      expect(pastSharedCaches('/v1/novels/6/tips/sum', 5_000_000 + 361_000)).toBe('/v1/novels/6/tips/sum');
    } finally {
      Cookies.remove(OWN_WRITE_COOKIE);
    }
  });
});
