import { fireEvent, render, screen } from '@testing-library/react';
import { PageBar } from './page-bar';
import { recordLocation, resetInAppHistory } from '@/lib/client/in-app-history';

const back = jest.fn();
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ back, push, replace: jest.fn(), prefetch: jest.fn() }) }));

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { value, configurable: true });
}

beforeEach(() => {
  back.mockClear();
  resetInAppHistory();
  setReferrer('');
});

describe('PageBar', () => {
  it('shows the title as the page heading and a back link named 返回 to the parent', () => {
    render(<PageBar title="排行榜" parent="/m" />);
    expect(screen.getByRole('heading', { level: 1, name: '排行榜' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '返回' });
    expect(link).toHaveAttribute('href', '/m');
  });

  it('keeps the title out of the heading outline when the page has its own h1', () => {
    render(<PageBar title="作品详情" parent="/m" heading={false} />);
    expect(screen.getByText('作品详情')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('renders the optional right action', () => {
    render(<PageBar title="阅读记录" parent="/m/shelf" action={<button type="button">书架</button>} />);
    expect(screen.getByRole('button', { name: '书架' })).toBeInTheDocument();
  });

  it('steps back in history when the previous page of the tab was ours', () => {
    setReferrer(`${window.location.origin}/m`);
    recordLocation('/m/lists');
    recordLocation('/m/booklists/1');
    render(<PageBar title="书单" parent="/m/lists" />);
    const link = screen.getByRole('link', { name: '返回' });
    const notPrevented = fireEvent.click(link);
    expect(back).toHaveBeenCalledTimes(1);
    expect(notPrevented).toBe(false);
  });

  it('follows the link to the parent when the page was opened from outside', () => {
    setReferrer('https://search.example/');
    recordLocation('/m/booklists/1');
    render(<PageBar title="书单" parent="/m/lists" />);
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: '返回' }));
    expect(back).not.toHaveBeenCalled();
    expect(notPrevented).toBe(true);
  });
});
