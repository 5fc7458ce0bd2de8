import Cookies from 'js-cookie';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { rememberBuyIntent } from '@/lib/client/reader/buy-intent';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { DEFAULT_SETTINGS, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import { mockFetch } from '@/test/mock-fetch';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { ReaderView } from './reader-view';

jest.mock('next/dynamic', () => () => () => null);

const chapter = (id: number, over: Partial<ReadChapter> = {}): ReadChapter => ({
  id,
  novel_id: 1,
  idx: id,
  title: `第${id}章`,
  word_count: 100,
  is_free: true,
  price: 0,
  prev_id: id - 1,
  next_id: id + 1,
  redirect_to_id: id,
  access: 'free',
  locked: false,
  paragraphs: [`第${id}章的第一段`, `第${id}章的第二段`],
  paywall: null,
  m3u8_url: null,
  time_track: null,
  novel: {
    id: 1,
    title: '大唐归途',
    thumb: '/covers/1.svg',
    language_type: 1,
    dir: 'ltr',
    has_tts: true,
    ctype: 1,
    article_count: 200,
    sale_mode: 'chapter',
  },
  ...over,
});
const locked = (id: number) =>
  chapter(id, {
    is_free: false,
    price: 5,
    access: 'locked',
    locked: true,
    paragraphs: [],
    paywall: {
      price: 5,
      buy_mode: 'chapter',
      afford: true,
      welth: 100,
      welth_coupon: 0,
      whole_book_price: null,
      vip_free: true,
      auto_buy: false,
      signed_in: true,
      teaser: null,
    },
  });

beforeEach(() => {
  window.scrollTo = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove('member_id');
  useReaderSettingsStore.setState(DEFAULT_SETTINGS);
});

describe('ReaderView', () => {
  it('renders the chapter, prefetches the next one and shows it on 下一章 without another request', async () => {
    const { calls } = mockFetch({ 'GET /v1/read/2': { data: chapter(2) } });
    render(<ReaderView initial={chapter(1)} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('第1章');
    expect(document.getElementById('p1')).toHaveTextContent('第1章的第二段');
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/read/2')).toHaveLength(1));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('navigation', { name: '本章结束' })).getByRole('button', { name: '下一章' })),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('第2章');
    expect(window.location.pathname).toBe('/m/read/2');
    expect(calls.filter((c) => c.path === '/v1/read/2')).toHaveLength(1);
  });

  it("the server's chapter, whose text the client part reads from the page, is kept: back to it needs no request", async () => {
    const { calls } = mockFetch({ 'GET /v1/read/8': { data: chapter(8) }, 'POST /v1/my/readlogs': { data: {} } });
    render(<ReaderView initial={chapter(7)} />);
    await act(async () =>
      fireEvent.click(within(screen.getByRole('navigation', { name: '本章结束' })).getByRole('button', { name: '下一章' })),
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('第8章'));
    window.history.pushState(null, '', '/m/read/7?nid=1');
    await act(async () => void window.dispatchEvent(new PopStateEvent('popstate')));
    // Kept from the page's own paragraphs when it opened.
    expect(document.getElementById('p1')).toHaveTextContent('第7章的第二段');
    expect(calls.filter((c) => c.path === '/v1/read/7')).toHaveLength(0);
  });

  it('keeps a reader who is not signed in in local history', async () => {
    mockFetch({ 'GET /v1/read/4': { data: chapter(4) } });
    render(<ReaderView initial={chapter(3)} />);
    const history = JSON.parse(localStorage.getItem('reader.history') ?? '[]');
    expect(history[0]).toMatchObject({ nid: 1, aid: 3, idx: 0, title: '大唐归途', article: '第3章' });
  });

  it('a locked chapter shows the paywall and no text; buying shows the text in place', async () => {
    Cookies.set('member_id', '9');
    const { calls } = mockFetch({
      'GET /v1/read/21': { data: chapter(21, { is_free: false, access: 'unlocked' }) },
      'GET /v1/read/22': { data: locked(22) },
      'POST /v1/novels/1/buy': { data: { charged: 5 } },
      'POST /v1/my/readlogs': { data: {} },
    });
    render(<ReaderView initial={locked(21)} />);
    expect(screen.getByRole('heading', { name: '本章为付费章节' })).toBeInTheDocument();
    expect(document.querySelectorAll('.chapter-body p')).toHaveLength(0);
    expect(screen.getByRole('link', { name: /开通VIP/ })).toHaveAttribute('href', '/m/vip');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '购买本章' })));
    await waitFor(() => expect(document.getElementById('p0')).toHaveTextContent('第21章的第一段'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/novels/1/buy')?.body).toEqual({ aid: 21 });
    expect(screen.queryByRole('heading', { name: '本章为付费章节' })).not.toBeInTheDocument();
  });

  it('批量购买 opens the batch sheet from this chapter; its purchase shows the text in place', async () => {
    Cookies.set('member_id', '9');
    mockFetch({ 'GET /v1/read/21': { data: chapter(21, { is_free: false, access: 'unlocked' }) }, 'POST /v1/my/readlogs': { data: {} } });
    render(<ReaderView initial={locked(21)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '批量购买' })));
    const open = useModalStore.getState().current;
    expect(open).toMatchObject({ name: 'batch-buy', props: { novelId: 1, articleId: 21 } });
    await act(async () => (open!.props as { onDone: (b: number[]) => void }).onDone([21, 22]));
    await waitFor(() => expect(document.getElementById('p0')).toHaveTextContent('第21章的第一段'));
  });

  it('signed out, the paywall itself leads to 上一章 and 目录, without showing the bars first', async () => {
    const guest = locked(21);
    guest.paywall = { ...guest.paywall!, signed_in: false };
    mockFetch({});
    render(<ReaderView initial={guest} />);
    const nav = screen.getByRole('navigation', { name: '返回与目录' });
    expect(within(nav).getByRole('link', { name: '上一章' })).toHaveAttribute('href', '/m/read/20?nid=1');
    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: '目录' })));
    expect(useModalStore.getState().current).toMatchObject({ name: 'chapters', props: { novelId: 1, currentArticleId: 21 } });
    expect(screen.queryByRole('button', { name: '批量购买' })).not.toBeInTheDocument();
  });

  it('the auto-buy switch is saved per novel', async () => {
    Cookies.set('member_id', '9');
    const { calls } = mockFetch({
      'POST /v1/novels/1/auto_buy': { data: { nid: 1, enabled: true } },
      'GET /v1/read/22': { data: locked(22) },
    });
    render(<ReaderView initial={locked(21)} />);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: '自动购买下一章' })));
    expect(calls.find((c) => c.path === '/v1/novels/1/auto_buy')?.body).toEqual({ enabled: true });
  });

  it('reads immersively: the bars start hidden and inert, a tap in the middle shows them, another hides them', async () => {
    mockFetch({ 'GET /v1/read/2': { data: chapter(2) }, 'POST /v1/my/readlogs': { data: {} } });
    render(<ReaderView initial={chapter(1)} />);
    const reader = document.querySelector('.reader')!;
    expect(reader).toHaveAttribute('data-bars', 'hidden');
    expect(document.querySelector('.reader-bottom')).toHaveAttribute('inert');
    await act(async () => fireEvent.click(document.getElementById('p1')!, { clientX: 200 }));
    expect(reader).toHaveAttribute('data-bars', 'shown');
    expect(document.querySelector('.reader-bottom')).not.toHaveAttribute('inert');
    await act(async () => fireEvent.click(document.getElementById('p1')!, { clientX: 200 }));
    expect(reader).toHaveAttribute('data-bars', 'hidden');
    // The screen-reader way in: a named button.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '阅读菜单' })));
    expect(reader).toHaveAttribute('data-bars', 'shown');
  });

  it('the server renders the paywall the browser will: a signed-in reader sees the balance, never 登录后购买 first', () => {
    const html = renderToString(<ReaderView initial={locked(21)} />);
    expect(html).toContain('余额');
    expect(html).not.toContain('登录后购买');
    const guest = locked(21);
    guest.paywall = { ...guest.paywall!, signed_in: false };
    expect(renderToString(<ReaderView initial={guest} />)).toContain('登录后购买');
  });

  it('shows the teaser paragraph faded above the buy panel, outside the chapter text', () => {
    mockFetch({});
    const teased = locked(21);
    teased.paywall = { ...teased.paywall!, teaser: '第21章的第一段' };
    render(<ReaderView initial={teased} />);
    expect(document.querySelector('.paywall-teaser')).toHaveTextContent('第21章的第一段');
    expect(document.querySelectorAll('.chapter-body p')).toHaveLength(0);
  });

  it('back from a recharge the reader started by tapping buy, the chapter is bought and opened once without a tap', async () => {
    Cookies.set('member_id', '9');
    const { calls } = mockFetch({
      'GET /v1/read/21': { data: chapter(21, { is_free: false, access: 'unlocked' }) },
      'POST /v1/novels/1/buy': { data: { charged: 5 } },
      'POST /v1/my/readlogs': { data: {} },
    });
    rememberBuyIntent(21);
    render(<ReaderView initial={locked(21)} />);
    await waitFor(() => expect(document.getElementById('p0')).toHaveTextContent('第21章的第一段'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/novels/1/buy')).toHaveLength(1);
  });

  it('without the reader’s own tap (another chapter’s intent, or none) nothing is bought on arrival', async () => {
    Cookies.set('member_id', '9');
    const { calls } = mockFetch({ 'POST /v1/novels/1/buy': { data: { charged: 5 } } });
    rememberBuyIntent(22);
    render(<ReaderView initial={locked(21)} />);
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === '/v1/novels/1/buy')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: '本章为付费章节' })).toBeInTheDocument();
  });

  it('a Uyghur chapter is laid out right to left', () => {
    mockFetch({});
    render(<ReaderView initial={chapter(5, { novel: { ...chapter(5).novel, language_type: 0, dir: 'rtl' } })} />);
    expect(document.querySelector('.chapter-body')).toHaveAttribute('dir', 'rtl');
    expect(document.querySelector('.chapter-body')).toHaveAttribute('lang', 'ug');
  });
});
