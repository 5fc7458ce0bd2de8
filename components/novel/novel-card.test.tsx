import { render, screen } from '@testing-library/react';
import { cardSummary, NovelCard } from './novel-card';
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

const chinese = {
  ...uyghur,
  id: 8,
  title: '大唐浮生',
  summary: '萧轩凡出身东海之滨，本是寻常之人，却因一枚令牌卷入一场惊天变局。唐轩霜步步紧逼，叶知寒生死未卜，萧轩凡只能孤身前行。',
  language_type: 1,
  author: { id: 4, name: '听风书生' },
} as unknown as NovelSummary;

describe('NovelCard size (each card is sent twice: HTML and RSC payload)', () => {
  it('sends only the two lines of summary a card can show, cut at 56 characters for Chinese', () => {
    expect(cardSummary(chinese.summary, 'zh-CN')).toBe(Array.from(chinese.summary).slice(0, 56).join(''));
    expect(cardSummary('短简介', 'zh-CN')).toBe('短简介');
    const longUyghur = 'ھېكايە '.repeat(40);
    expect(Array.from(cardSummary(longUyghur, 'ug'))).toHaveLength(140);
  });

  it('leaves lang and dir to the document for a Chinese card and writes the author without an isolate', () => {
    const { container } = render(
      <ul>
        <NovelCard novel={chinese} />
      </ul>,
    );
    const body = container.querySelector('.novel-card-body')!;
    expect(body).not.toHaveAttribute('lang');
    expect(body).not.toHaveAttribute('dir');
    expect(container.querySelector('bdi')).toBeNull();
    expect(container.querySelector('.novel-meta')).toHaveTextContent('听风书生 · 完结 · 12万字');
    expect(container.querySelector('.novel-summary')!.textContent).toHaveLength(56);
    // The standard cover size comes from CSS, not an inline style.
    expect(container.querySelector('.cover')).not.toHaveAttribute('style');
  });
});
