import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { useToastStore } from '@/lib/client/stores/toast-store';
import type { ReviewSituation } from '@/lib/shared/dto/community';
import { comment } from '@/test/community-fixtures';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { ReviewEditor } from './review-editor';

const config = { min_length: 1500, max_length: 10000, reward: 500, rules: ['不少于1500字', '禁止抄袭'] };
const situation = (over: Partial<ReviewSituation> = {}): ReviewSituation => ({
  state: 'none',
  comment_id: 0,
  content: '',
  reject_reason: '',
  reward: 0,
  reward_claimed: false,
  createdat: '',
  ...over,
});

function renderEditor(routes: Routes) {
  const mock = mockFetch({ 'GET /v1/config/long_comment': { data: config }, ...routes });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ReviewEditor novelId={1} />
    </SWRConfig>,
  );
  return mock;
}
const text = (n: number) => '好'.repeat(n);

beforeEach(() => {
  localStorage.clear();
  Cookies.set('member_id', '7');
  useToastStore.setState({ toasts: [] });
});

describe('ReviewEditor', () => {
  it('no review yet: the editor, its rules and reward, a live count that ignores spaces, submit only from 1500 characters', async () => {
    const { calls } = renderEditor({ 'POST /v1/novels/comments/situation': { data: situation() } });
    const box = await screen.findByRole('textbox', { name: '写长评' });
    expect(screen.getByText('审核通过可获得 500 书券')).toBeInTheDocument();
    expect(screen.getByText('禁止抄袭')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/novels/comments/situation')!.body).toEqual({ novel_id: 1 });
    const submit = screen.getByRole('button', { name: '提交审核' });
    fireEvent.change(box, { target: { value: `${text(1000)}\n\n   ${text(499)}` } });
    expect(screen.getByText(/已写 1499 字 \/ 至少 1500 字/)).toHaveTextContent('还差 1 字');
    expect(submit).toBeDisabled();
    fireEvent.change(box, { target: { value: text(1500) } });
    expect(screen.getByText(/已写 1500 字/)).not.toHaveTextContent('还差');
    expect(submit).toBeEnabled();
  });

  it('keeps the draft per novel and submits it: pending afterwards, the draft gone', async () => {
    localStorage.setItem('comment_draft:review:1', text(1500));
    let state = situation();
    const { calls } = renderEditor({
      'POST /v1/novels/comments/situation': () => ({ data: state }),
      'POST /v1/novels/do_comments': (body) => {
        state = situation({ state: 'pending', content: (body as { content: string }).content, createdat: '2026-11-24 10:00' });
        return { data: comment(1, { is_long_comment: 1, status: 'pending' }) };
      },
    });
    expect(await screen.findByRole('textbox', { name: '写长评' })).toHaveValue(text(1500));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交审核' })));
    expect(calls.find((c) => c.path === '/v1/novels/do_comments')!.body).toEqual({
      novel_id: 1,
      content: text(1500),
      type: 1,
      is_long_comment: 1,
    });
    expect(await screen.findByRole('heading', { name: '长评已提交，等待审核' })).toBeInTheDocument();
    expect(useToastStore.getState().toasts[0]?.text).toBe('发送成功');
    expect(localStorage.getItem('comment_draft:review:1')).toBeNull();
  });

  it('in review: says so, no editor', async () => {
    renderEditor({ 'POST /v1/novels/comments/situation': { data: situation({ state: 'reviewing', content: text(1500) }) } });
    expect(await screen.findByRole('heading', { name: '审核中，请耐心等待' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('approved: 领取奖励 claims once, then shows 奖励已领取', async () => {
    const { calls } = renderEditor({
      'POST /v1/novels/comments/situation': { data: situation({ state: 'approved', reward: 500, content: text(1500) }) },
      'POST /v1/novels/comment/rewards_receive': { data: { welth_coupon: 500, balance: 500 } },
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '领取奖励' })));
    expect(await screen.findByRole('button', { name: '奖励已领取' })).toBeDisabled();
    expect(calls.filter((c) => c.path === '/v1/novels/comment/rewards_receive')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/v1/novels/comment/rewards_receive')!.body).toEqual({ novel_id: 1 });
    expect(useToastStore.getState().toasts[0]?.text).toBe('已领取 500 书券');
  });

  it('approved and already claimed: the button is spent', async () => {
    renderEditor({ 'POST /v1/novels/comments/situation': { data: situation({ state: 'approved', reward: 500, reward_claimed: true }) } });
    expect(await screen.findByRole('button', { name: '奖励已领取' })).toBeDisabled();
  });

  it('rejected: the reason, then 重新编辑 opens the editor with the rejected text, resubmitted as an edit', async () => {
    const { calls } = renderEditor({
      'POST /v1/novels/comments/situation': {
        data: situation({ state: 'rejected', content: text(1600), reject_reason: '内容与作品无关' }),
      },
      'POST /v1/novels/do_comments': { data: comment(1) },
    });
    expect(await screen.findByText('原因：内容与作品无关')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新编辑' }));
    expect(await screen.findByRole('textbox', { name: '写长评' })).toHaveValue(text(1600));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '修改后重新提交' })));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/novels/do_comments')).toBe(true));
  });
});
