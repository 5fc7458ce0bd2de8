import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { recordLocal } from '@/lib/client/local-history';
import { LOCAL_HISTORY_KEY } from '@/lib/client/local-history-key';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { fetchRoutes } from '@/test/fetch-routes';
import { ContinueCard } from './continue-card';
import { ContinueCardBody } from './continue-card-body';
import { CONTINUE_SEEN_KEY } from './continue-card-slot';

/** Home's 继续阅读 card (docs/reading.md "Home's 继续阅读"); continue-card-loading.test.tsx covers when its code loads. */
const fresh = (ui: React.ReactNode) => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
const log = (over: Partial<ReadLogItem> = {}): ReadLogItem => ({
  ...{ id: 1, nid: 1, aid: 1012, idx: 33, article_idx: 12, time_track: null, count: 200, thumb: '/c.jpg', cover_tag: null },
  ...{ title: '长夜余火', article: '灯', readAt: '2026-03-01 21:30', updateCount: 0, read_type: 1 },
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  Cookies.remove('member_id');
});

describe("home's 继续阅读 card", () => {
  it('nothing to continue: no card', () => {
    fetchRoutes({});
    const { container } = fresh(<ContinueCardBody />);
    expect(container).toBeEmptyDOMElement();
  });

  it('a guest: the newest local entry, one tap back to the paragraph', () => {
    recordLocal({ nid: 2, aid: 2004, idx: 1, title: '旧书', article: '第4章', thumb: '', readAt: 1 });
    recordLocal({ nid: 4, aid: 4001, idx: 0, article_idx: 1, title: '其他', article: '第1章 开端', thumb: '', readAt: 0 });
    recordLocal({ nid: 3, aid: 3002, idx: 5, article_idx: 2, title: '新书', article: '雨夜', thumb: '', readAt: 2 });
    fetchRoutes({});
    fresh(<ContinueCardBody />);
    const link = screen.getByRole('link', { name: /新书/ });
    expect(link).toHaveAttribute('href', '/m/read/3002?nid=3#p5');
    expect(link).toHaveTextContent('继续阅读《新书》第2章 · 雨夜');
  });

  it('a member: the last read with its progress, and the last listened beside it; the slot is reserved next time', async () => {
    Cookies.set('member_id', '42');
    const { calls } = fetchRoutes({
      'GET /v1/my/readlogs': (c: { query: Record<string, string> }) =>
        c.query.read_type === '2'
          ? { data: [log({ nid: 9, aid: 9003, title: '听的书', read_type: 2, time_track: 75 })], hasmore: false }
          : { data: [log()], hasmore: false },
    });
    fresh(<ContinueCardBody />);
    const link = await screen.findByRole('link', { name: /长夜余火/ });
    expect(link).toHaveAttribute('href', '/m/read/1012?nid=1#p33');
    expect(screen.getByLabelText('已读 12/200 章')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '继续收听《听的书》' })).toHaveAttribute('href', '/m/listen/9003?currentTime=75');
    expect(calls.map((c) => c.query.read_type).sort()).toEqual(['1', '2']);
    await waitFor(() => expect(localStorage.getItem(CONTINUE_SEEN_KEY)).toBe('1'));
  });

  it('a member who only listened: the card opens the listen page', async () => {
    Cookies.set('member_id', '42');
    fetchRoutes({
      'GET /v1/my/readlogs': (c: { query: Record<string, string> }) =>
        c.query.read_type === '2'
          ? { data: [log({ aid: 9003, title: '听的书', read_type: 2, time_track: 0 })], hasmore: false }
          : { data: [], hasmore: false },
    });
    fresh(<ContinueCardBody />);
    expect(await screen.findByRole('link', { name: /听的书/ })).toHaveAttribute('href', '/m/listen/9003');
  });

  it('the slot has no height in the cached page; its script gives it one only where there is history', () => {
    const html = renderToString(<ContinueCard />);
    expect(html).toContain('<div class="continue-slot"></div>');
    const script = /<script>(.*)<\/script>/
      .exec(html)![1]!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    const run = () => new Function(script)();
    run();
    expect(document.head.querySelector('style')).toBeNull();
    localStorage.setItem(LOCAL_HISTORY_KEY, '[{"nid":1}]');
    run();
    expect(document.head.querySelector('style')!.textContent).toBe('.continue-slot{height:92px}');
  });
});

it('a chapter title that starts with its number is not numbered twice', () => {
  recordLocal({ nid: 4, aid: 4001, idx: 0, article_idx: 1, title: '其他', article: '第1章 开端', thumb: '/c.jpg', readAt: 3 });
  fetchRoutes({});
  fresh(<ContinueCardBody />);
  expect(screen.getByRole('link', { name: /其他/ })).toHaveTextContent('继续阅读《其他》第1章 开端');
});
