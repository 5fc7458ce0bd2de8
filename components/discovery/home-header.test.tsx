import { render, screen, within } from '@testing-library/react';
import { HomeHeader } from './home-header';

const pages = [
  { id: 1, gender: 1, title: '男生', sort: 0 },
  { id: 2, gender: 2, title: '女生', sort: 1 },
] as unknown as Parameters<typeof HomeHeader>[0]['pages'];

describe('home header (docs/shell.md "Back-and-title bar": one navigation pattern)', () => {
  it('免费 and 排行 open inside the same strip, lit when current; the 活动 entry is in the header row', () => {
    render(<HomeHeader pages={pages} current="ranks" languageType={1} />);
    const strip = screen.getByRole('navigation', { name: '频道' });
    expect(within(strip).getByRole('link', { name: '排行' })).toHaveAttribute('aria-current', 'page');
    expect(within(strip).getByRole('link', { name: '免费' })).not.toHaveAttribute('aria-current');
    expect(within(strip).getByRole('link', { name: '男生' })).not.toHaveAttribute('aria-current');
    expect(within(screen.getByRole('banner')).getByTestId('float-entry')).toHaveAttribute('href', '/m/float');
  });
});
