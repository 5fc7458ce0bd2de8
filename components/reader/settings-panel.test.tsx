import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import { SettingsPanel } from './settings-panel';

jest.mock('@/lib/client/reader/font-availability', () => ({ availableFonts: () => ['font1'] }));

beforeEach(() => {
  localStorage.clear();
  useReaderSettingsStore.setState(DEFAULT_SETTINGS);
});

describe('the page-turn setting (docs/reading.md "Paged mode")', () => {
  it('is offered in paged mode only, and 平移 turns the slide on for <html>', () => {
    const { rerender } = render(<SettingsPanel onClose={() => undefined} />);
    expect(screen.queryByRole('group', { name: '翻页动画' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '左右翻页' }));
    rerender(<SettingsPanel onClose={() => undefined} />);
    const turn = screen.getByRole('group', { name: '翻页动画' });
    expect(turn).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '平移' }));
    expect(useReaderSettingsStore.getState().pageTurn).toBe('slide');
    expect(JSON.parse(localStorage.getItem('settings')!).state.pageTurn).toBe('slide');
  });
});
