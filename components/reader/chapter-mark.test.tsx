import { render, screen } from '@testing-library/react';
import { ChapterMark } from './chapter-mark';

const entry = (id: number, is_free = false) => ({ id, idx: id, title: `第${id}章`, is_free, price: 6 });

describe('a chapter list’s mark', () => {
  it('免费, 已购 for a chapter bought (or the whole book), else the price', () => {
    const owned = { nid: 1, whole_book: false, chapter_ids: [22] };
    render(
      <>
        <ChapterMark entry={entry(1, true)} owned={owned} />
        <ChapterMark entry={entry(22)} owned={owned} />
        <ChapterMark entry={entry(23)} owned={owned} />
        <ChapterMark entry={entry(24)} owned={{ ...owned, whole_book: true }} />
        <ChapterMark entry={entry(25)} owned={undefined} />
      </>,
    );
    expect(screen.getByText('免费')).toBeInTheDocument();
    expect(screen.getAllByText('已购')).toHaveLength(2);
    expect(screen.getAllByLabelText('付费章节').map((e) => e.textContent)).toEqual(['6币', '6币']);
  });
});
