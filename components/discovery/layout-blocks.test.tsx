import { render, screen, within } from '@testing-library/react';
import type { LayoutBlock } from '@/lib/server/catalog/layouts';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { packCards, packTiles, unpackCard, unpackTile } from '@/lib/shared/tiles';
import { LayoutBlocks } from './layout-blocks';

const novel = (id: number, over: Partial<NovelSummary> = {}): NovelSummary => ({
  id,
  title: `书${id}`,
  thumb: `/covers/${id}.svg`,
  banner: `/covers/${id}.svg?banner=1`,
  summary: '他'.repeat(80),
  tags: [],
  cover_tag: id === 2 ? '独家' : null,
  first_article_id: id * 100 + 1,
  ctype: 1,
  has_tts: true,
  language_type: 1,
  status: id % 2 === 0 ? 1 : 0,
  word_count: 120_000,
  author: { id: 1, name: `作者${id}` },
  ...over,
});

const list = (id: number, novels: NovelSummary[]): LayoutBlock => ({
  id,
  kind: 'list',
  title: `榜${id}`,
  list_id: id,
  novels,
  hasmore: false,
});
const carousel: LayoutBlock = {
  id: 9,
  kind: 'carousel',
  title: '推荐',
  items: [{ id: 1, title: '书1', link: '/m/novels/1', banner: '/covers/1.svg?banner=1', novel: null } as never],
};

describe('LayoutBlocks (home channel)', () => {
  it('puts the slot under the banner when the channel opens with one, else above the first block', () => {
    const slot = <div data-testid="slot" />;
    const order = (blocks: LayoutBlock[]) => {
      const { container, unmount } = render(<LayoutBlocks blocks={blocks} languageType={1} belowBanner={slot} />);
      const seen = [...container.children].map((el) => (el.getAttribute('data-testid') === 'slot' ? 'slot' : el.tagName.toLowerCase()));
      unmount();
      return seen;
    };
    expect(order([carousel, list(1, [novel(1)])])).toEqual(['section', 'slot', 'section']);
    expect(order([list(1, [novel(1)]), carousel])).toEqual(['slot', 'section', 'section']);
    expect(order([])).toEqual(['slot']);
  });

  it('shows a list block as two cards with author, state and summary, then the rest as cover tiles', () => {
    render(
      <LayoutBlocks
        blocks={[
          list(
            1,
            [1, 2, 3, 4, 5].map((i) => novel(i)),
          ),
        ]}
        languageType={1}
      />,
    );
    const section = screen.getByRole('heading', { name: '榜1' }).closest('section')!;
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/m/lists?id=1',
      '/m/novels/1',
      '/m/novels/2',
      '/m/novels/3',
      '/m/novels/4',
      '/m/novels/5',
    ]);
    expect(within(section).getByText('作者2 · 完结 · 12万字')).toBeInTheDocument();
    // Only what two clamped lines can show is sent: 56 Chinese characters.
    expect(within(section).getAllByText('他'.repeat(56))).toHaveLength(2);
    expect(within(section).getByText('书4').className).toBe('tile-title');
    expect(within(section).getByText('独家')).toBeInTheDocument();
  });

  it('fetches the first cards covers first only when no carousel banner is above them', () => {
    const { container, unmount } = render(<LayoutBlocks blocks={[list(1, [novel(1), novel(2)])]} languageType={1} />);
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', 'high']);
    unmount();
    const withCarousel = render(<LayoutBlocks blocks={[carousel, list(1, [novel(1), novel(2)])]} languageType={1} />);
    const imgs = [...withCarousel.container.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(imgs[1]).toHaveAttribute('loading', 'lazy');
  });

  it('numbers a ranking block and gives other scripts their own lang and direction', () => {
    const ug = novel(7, { language_type: 0, title: 'كىتاب' });
    render(
      <LayoutBlocks
        blocks={[
          {
            id: 3,
            kind: 'ranking',
            title: '人气榜',
            slug: 'popular',
            novels: [
              { ...novel(5), rank: 1 },
              { ...ug, rank: 2 },
            ],
          },
        ]}
        languageType={1}
      />,
    );
    expect(screen.getByText('1')).toHaveClass('rank rank-top');
    expect(screen.getByText('كىتاب').closest('.novel-card-body')).toHaveAttribute('dir', 'rtl');
  });
});

describe('packed tiles and cards', () => {
  it('unpack to what the tile and card show', () => {
    const n = novel(2);
    expect(unpackTile(packTiles([n])[0]!)).toEqual({ id: 2, title: '书2', thumb: '/covers/2.svg', cover_tag: '独家', language_type: 1 });
    const card = unpackCard(packCards([{ ...n, rank: 3 }])[0]!);
    expect(card).toMatchObject({ id: 2, author: { name: '作者2' }, status: 1, word_count: 120_000, rank: 3 });
    expect(Array.from(card.summary)).toHaveLength(56);
  });
});
