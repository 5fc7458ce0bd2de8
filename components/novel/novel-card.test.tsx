import { render, screen } from '@testing-library/react';
import { NovelCard } from './novel-card';
import type { NovelSummary } from '@/lib/shared/dto/novel';

const uyghur = {
  id: 7,
  title: 'قەشقەر ھېكايىسى',
  summary: 'بۇ بىر ھېكايە',
  thumb: '/covers/7.svg',
  cover_tag: null,
  language_type: 0,
  status: 1,
  word_count: 120000,
  author: { id: 3, name: 'ئابدۇللا' },
} as unknown as NovelSummary;

describe('NovelCard bidi', () => {
  it('isolates a right-to-left author name inside the Chinese meta line', () => {
    render(
      <ul>
        <NovelCard novel={uyghur} />
      </ul>,
    );
    const author = screen.getByText('ئابدۇللا');
    expect(author.tagName).toBe('BDI');
    expect(author).toHaveAttribute('lang', 'ug');
    expect(author.parentElement).toHaveAttribute('dir', 'ltr');
  });

  it('marks the card body with the novel language and direction', () => {
    render(
      <ul>
        <NovelCard novel={uyghur} />
      </ul>,
    );
    const body = screen.getByText('قەشقەر ھېكايىسى').closest('.novel-card-body');
    expect(body).toHaveAttribute('dir', 'rtl');
    expect(body).toHaveAttribute('lang', 'ug');
  });
});
