import { render, screen } from '@testing-library/react';
import { LatestLine } from './latest-line';

describe('LatestLine', () => {
  it('isolates a Uyghur chapter title so the date after it stays in the Chinese line order', () => {
    const { container } = render(<LatestLine href="/m/read/9?nid=3" title="1-باب" date="2026-11-20" lang="ug" />);
    const title = screen.getByText('1-باب');
    expect(title.tagName).toBe('BDI');
    expect(title).toHaveAttribute('lang', 'ug');
    expect(screen.getByRole('link', { name: '1-باب' })).toHaveAttribute('href', '/m/read/9?nid=3');
    // Reading order of the line: label, isolated title, then the date.
    expect(container.textContent).toBe('最新：1-باب 2026-11-20');
  });
});
