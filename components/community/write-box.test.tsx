import { act, fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { comment } from '@/test/community-fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { WriteBox, type WriteTarget } from './write-box';

const book: WriteTarget = { novelId: 1, type: 1 };
const box = () => screen.getByRole('textbox');
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '发送' })));

beforeEach(() => {
  localStorage.clear();
  Cookies.set('member_id', '7');
  useToastStore.setState({ toasts: [] });
});
afterEach(() => Cookies.remove('member_id'));

describe('WriteBox', () => {
  it('counts characters as they are typed (an emoji is one) against the longest comment', () => {
    mockFetch({});
    render(<WriteBox target={book} onSent={jest.fn()} maxLength={10} />);
    expect(screen.getByText('0/10')).toBeInTheDocument();
    type('好看😀');
    expect(screen.getByText('3/10')).toBeInTheDocument();
  });

  it('refuses an empty or blank comment before any call', async () => {
    const { calls } = mockFetch({});
    render(<WriteBox target={book} onSent={jest.fn()} />);
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('请输入内容');
    type('   \n ');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('请输入内容');
    expect(calls).toHaveLength(0);
    type('有内容了');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('too long: the count turns red and 发送 is disabled', () => {
    mockFetch({});
    render(<WriteBox target={book} onSent={jest.fn()} maxLength={5} />);
    type('一二三四五六');
    expect(screen.getByText('6/5')).toHaveAttribute('data-over', 'true');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
  });

  it('keeps the draft per target while typing, brings it back, and forgets it once sent', async () => {
    mockFetch({ 'POST /v1/novels/do_comments': { data: comment(1) } });
    const chapter: WriteTarget = { novelId: 1, type: 2, chapterId: 12 };
    const first = render(<WriteBox target={chapter} onSent={jest.fn()} />);
    type('还没写完');
    first.unmount();
    const other = render(<WriteBox target={{ ...chapter, chapterId: 13 }} onSent={jest.fn()} />);
    expect(box()).toHaveValue('');
    other.unmount();
    render(<WriteBox target={chapter} onSent={jest.fn()} />);
    expect(box()).toHaveValue('还没写完');
    await send();
    expect(box()).toHaveValue('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('comment_draft:'))).toEqual([]);
  });

  it('a paragraph comment posts its anchor; 发送成功; the sent comment goes to the caller', async () => {
    const sent = comment(5, { type: 3 });
    const { calls } = mockFetch({ 'POST /v1/novels/do_comments': { data: sent } });
    const onSent = jest.fn();
    render(<WriteBox target={{ novelId: 1, type: 3, chapterId: 12, paragraph: { hash: '0123456789abcdef', index: 4 } }} onSent={onSent} />);
    type('这段写得好');
    await send();
    expect(calls[0]!.body).toEqual({
      novel_id: 1,
      content: '这段写得好',
      type: 3,
      chapter_id: 12,
      paragraph_hash: '0123456789abcdef',
      paragraph_index: 4,
    });
    expect(calls[0]!.method).toBe('POST');
    expect(onSent).toHaveBeenCalledWith(sent, null);
    expect(useToastStore.getState().toasts[0]?.text).toBe('发送成功');
  });

  it("a refused comment keeps the text and shows the server's message", async () => {
    mockFetch({ 'POST /v1/novels/do_comments': { status: 429, code: 42900, message: '评论太频繁，请稍后再试' } });
    const onSent = jest.fn();
    render(<WriteBox target={book} onSent={onSent} />);
    type('第二条');
    await send();
    expect(box()).toHaveValue('第二条');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('signed out: a sign-in prompt instead of the box', () => {
    Cookies.remove('member_id');
    mockFetch({});
    render(<WriteBox target={book} onSent={jest.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('登录后参与评论')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去登录' })).toBeInTheDocument();
  });
});
