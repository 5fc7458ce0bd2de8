import { fireEvent, render, screen } from '@testing-library/react';
import { PrizeRecords } from './prize-records';
import type { GameLogDto, PrizeRecordDto } from '@/lib/shared/dto/activity';
import { mockFetch } from '@/test/mock-fetch';

const prize = (id: number, over: Partial<PrizeRecordDto> = {}): PrizeRecordDto => ({
  id,
  name: '7天VIP',
  reward: 7,
  reward_type: 'vip_days',
  iso_created_at: '2026-11-24T05:30:00.000Z',
  ...over,
});

describe('我的奖品 and 抽奖记录', () => {
  it('lists prizes with reward and unit and the time in Asia/Shanghai; 加载更多 asks for the next 20', async () => {
    const first = Array.from({ length: 20 }, (_, i) => prize(100 - i));
    first[1] = prize(99, { name: '100书币', reward: 100, reward_type: 'welth' });
    const fetch = mockFetch({
      'GET /v1/mall/prizes?start=0&limit=20': { data: { data: first, hasmore: true } },
      'GET /v1/mall/prizes?start=20&limit=20': {
        data: { data: [prize(1, { name: '10书券', reward: 10, reward_type: 'welth_coupon' })], hasmore: false },
      },
    });
    render(<PrizeRecords kind="prizes" />);
    expect(screen.getByRole('list', { name: '加载中…' })).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: '我的奖品' });
    expect(list.children).toHaveLength(20);
    expect(list.children[0]).toHaveTextContent('7天VIP');
    expect(list.children[0]).toHaveTextContent('2026-11-24 13:30');
    expect(list.children[1]).toHaveTextContent('100书币');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('10书券', { selector: '.w-record-title' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '我的奖品' }).children).toHaveLength(21);
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    expect(fetch.calls.map((c) => c.url)).toEqual(['/v1/mall/prizes?start=0&limit=20', '/v1/mall/prizes?start=20&limit=20']);
  });

  it('no prizes yet: says so and offers the wheel', async () => {
    mockFetch({ 'GET /v1/mall/prizes': { data: { data: [], hasmore: false } } });
    render(<PrizeRecords kind="prizes" />);
    expect(await screen.findByText('还没有奖品')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去抽奖' })).toHaveAttribute('href', '/mall/prize_wheel?v=2');
  });

  it('draws include 谢谢参与', async () => {
    const logs: GameLogDto[] = [
      { id: 2, name: '谢谢参与', reward: 0, reward_type: 'none', iso_created_at: '2026-11-24T05:31:00.000Z' },
      { id: 1, name: '50书券', reward: 50, reward_type: 'welth_coupon', iso_created_at: '2026-11-24T05:30:00.000Z' },
    ];
    mockFetch({ 'GET /v1/activity/gamelogs': { data: { data: logs, hasmore: false } } });
    render(<PrizeRecords kind="gamelogs" />);
    const list = await screen.findByRole('list', { name: '抽奖记录' });
    expect(list.children[0]).toHaveTextContent('谢谢参与');
    expect(list.children[0]).toHaveTextContent('2026-11-24 13:31');
    expect(list.children[1]).toHaveTextContent('50书券');
  });

  it('a failed first page offers 重试', async () => {
    let fail = true;
    mockFetch({
      'GET /v1/activity/gamelogs': () =>
        fail ? { status: 500, code: 50000, message: '服务器繁忙' } : { data: { data: [], hasmore: false } },
    });
    render(<PrizeRecords kind="gamelogs" />);
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('还没有抽奖记录')).toBeInTheDocument();
  });
});
