import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FanPage, type FanPageData } from './fan-page';
import { ModalHost } from '@/components/modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { mockFetch, type Routes } from '@/test/mock-fetch';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

const fan = (i: number, value: number, title = '学徒') => ({
  member_id: 100 + i,
  nickname: `书友${i}`,
  headimgurl: '/avatar.svg',
  value,
  level: 2,
  title,
  ranking: i,
});
const INITIAL: FanPageData = {
  sum: { sum: 1200, count: 4 },
  top: [{ member_id: 101, nickname: '书友1', headimgurl: '/avatar.svg', welth: 900, ranking: 1 }],
  tips: {
    data: [
      {
        id: 9,
        nid: 6,
        mid: 101,
        nickname: '书友1',
        giftname: '咖啡',
        giftamount: 3,
        giftimgurl: '/gifts/2.svg',
        headimgurl: '/avatar.svg',
        createdat: '2026-11-20 10:00',
        ranking: 1,
        fan_title: '弟子',
      },
    ],
    hasmore: false,
  },
  fans: { data: Array.from({ length: 10 }, (_, i) => fan(i + 1, 1000 - i * 10)), hasmore: true },
};

function renderPage(extra: Routes = {}) {
  const fetch = mockFetch({
    'GET /v1/novels/6/fans': (_b, url) =>
      url.includes('start=10') ? { data: { data: [fan(11, 50, '见习')], hasmore: false } } : { data: INITIAL.fans },
    'GET /v1/novels/6/fans/me': { data: { novel_id: 6, value: 0, coins: 0, tickets: 0, level: 1, title: '见习', ranking: null } },
    ...extra,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <FanPage novelId={6} initial={INITIAL} />
      <ModalHost />
    </SWRConfig>,
  );
  return fetch;
}

describe('fan page', () => {
  beforeEach(() => {
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => Cookies.remove('member_id'));

  it('renders the sum, the podium, the fans with titles and the latest tips from the server data, without a call', () => {
    const fetch = renderPage();
    expect(screen.getByTestId('tips-sum')).toHaveTextContent('累计 1200 书币 · 4 次打赏');
    const list = screen.getByTestId('fan-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('书友1学徒粉丝值 1000');
    expect(within(list).getAllByLabelText('粉丝头衔：学徒')).toHaveLength(10);
    expect(screen.getByLabelText('粉丝头衔：弟子')).toBeInTheDocument();
    expect(screen.getByText(/送出 咖啡 ×3/)).toBeInTheDocument();
    expect(screen.getByTestId('fan-me')).toHaveTextContent('打赏或投票即可上榜');
    expect(fetch.calls).toHaveLength(0);
  });

  it('more appends the next page of fans and disappears at the end', async () => {
    const fetch = renderPage();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(screen.getByTestId('fan-list')).getAllByRole('listitem')).toHaveLength(11));
    expect(fetch.calls.at(-1)?.url).toBe('/v1/novels/6/fans?start=10&limit=10');
    expect(screen.getByLabelText('粉丝头衔：见习')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
  });

  it('a signed-in member sees their own standing', async () => {
    Cookies.set('member_id', '12');
    renderPage({
      'GET /v1/novels/6/fans/me': { data: { novel_id: 6, value: 2500, coins: 2500, tickets: 0, level: 4, title: '执事', ranking: 2 } },
    });
    await waitFor(() => expect(screen.getByTestId('fan-me')).toHaveTextContent('我的粉丝值 2500执事第2名'));
  });

  it('打赏 opens the gift modal for this novel', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打赏' }));
    expect(useModalStore.getState().current).toEqual({ name: 'gift', props: { novelId: 6, scene: 'rewards' } });
  });

  it('after a tip the list reloads and shows the tipper in their new place', async () => {
    Cookies.set('member_id', '12');
    const me = { member_id: 12, nickname: '土豪', headimgurl: '/avatar.svg', value: 5000, level: 5, title: '舵主', ranking: 1 };
    let tipped = false;
    renderPage({
      'GET /v1/novels/6': { data: { id: 6, title: '书', thumb: '/c.svg', language_type: 1 } },
      'GET /v1/tips/gifts': { data: [{ id: 3, title: '跑车', thumb: '/g.svg', wealth: 1000, is_free_used: false }] },
      'GET /v1/my/balance': { data: { welth: 9000, welth_coupon: 0 } },
      'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
      'POST /v1/novels/6/tips': () => {
        tipped = true;
        return {
          data: { gift_wealth: 5000, gift_amount: 5, welth: 4000, welth_coupon: 0, fan: { ...me, novel_id: 6, coins: 5000, tickets: 0 } },
        };
      },
      'GET /v1/novels/6/fans': () => ({
        data: { data: tipped ? [me, ...INITIAL.fans.data.slice(0, 9)] : INITIAL.fans.data, hasmore: true },
      }),
      'GET /v1/novels/6/tips/sum': () => ({ data: tipped ? { sum: 6200, count: 5 } : INITIAL.sum }),
    });
    fireEvent.click(screen.getByRole('button', { name: '打赏' }));
    for (let i = 0; i < 4; i++) fireEvent.click(await screen.findByRole('button', { name: '增加数量' }));
    fireEvent.click(await screen.findByRole('button', { name: '赠送 · 5000书币' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('fan-list')).getAllByRole('listitem')[0]).toHaveTextContent('土豪舵主粉丝值 5000'),
    );
    expect(screen.getByTestId('tips-sum')).toHaveTextContent('累计 6200 书币 · 5 次打赏');
    expect(useToastStore.getState().toasts.map((t) => t.text)).toContain('谢谢土豪');
    act(() => undefined);
  });
});
