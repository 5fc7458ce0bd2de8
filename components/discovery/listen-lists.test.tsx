import { act, render, screen, within } from '@testing-library/react';
import type { ListenHomeDto } from '@/lib/server/catalog/listen-home';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { fetchRoutes } from '@/test/fetch-routes';
import { HomeHeader } from './home-header';
import { ListenBlocks } from './listen-blocks';
import { MoreList } from './more-list';

const novel = (id: number, over: Partial<NovelSummary> = {}): NovelSummary => ({
  id,
  title: `书${id}`,
  thumb: `/covers/${id}.svg`,
  banner: null,
  summary: '简介',
  tags: [],
  cover_tag: null,
  first_article_id: id * 100 + 1,
  ctype: 1,
  has_tts: true,
  language_type: 1,
  status: 0,
  word_count: 120_000,
  author: { id: 1, name: '作者' },
  ...over,
});

describe('MoreList in listen mode (/m/listen-ranks)', () => {
  it('opens each novel\'s first chapter on the listen page, read_type 2 for an audio-first novel, and keeps doing so after "more"', async () => {
    const { calls } = fetchRoutes({ 'GET /v1/lists/weekly': { data: [novel(3, { ctype: 2 })], total: 3, hasmore: false } });
    render(
      <MoreList
        initial={{ data: [novel(1), novel(2, { first_article_id: null })], hasmore: true }}
        source={{ kind: 'list', id: 'weekly' }}
        query={{ language_type: 1, read_type: 2 }}
        limit={2}
        ranked
        listen
      />,
    );
    const links = () => screen.getAllByRole('link');
    expect(links()[0]).toHaveAttribute('href', '/m/listen/101?read_type=1');
    // A novel without chapters has nothing to play: its own page.
    expect(links()[1]).toHaveAttribute('href', '/m/novels/2');
    await act(async () => screen.getByRole('button', { name: '加载更多' }).click());
    expect(calls[0]).toMatchObject({ path: '/v1/lists/weekly', query: { language_type: '1', read_type: '2', start: '2', limit: '2' } });
    expect(links()[2]).toHaveAttribute('href', '/m/listen/301?read_type=2');
    expect(within(links()[2]!).getByText('3')).toHaveClass('rank');
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('without listen mode the novel page stays the target', () => {
    render(<MoreList initial={{ data: [novel(1)], hasmore: false }} source={{ kind: 'ranking', slug: 'popular' }} query={{}} limit={20} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/m/novels/1');
  });
});

describe('ListenBlocks (home audio tab)', () => {
  const card = (id: number, article_count = 30, listeners = 0) => ({ ...novel(id), article_count, listeners });
  const home: ListenHomeDto = {
    carousel: [
      {
        id: 1,
        type: 1,
        title: '轮播一',
        banner: '/covers/9.svg?banner=1',
        summary: '',
        link: '/m/novels/9',
        novel: novel(9, { ctype: 2 }),
      },
      { id: 2, type: 2, title: '活动', banner: '/promo/a.png', summary: '', link: '/m/vip', novel: null },
    ],
    sections: [
      { key: 'must_listen_1', title: '男生必听', slug: 'must_listen', kind: 'list', novels: [card(1, 120, 37)] },
      { key: 'weekly', title: '本周热听', slug: 'weekly', kind: 'ranked', novels: [card(4), card(5)] },
      { key: 'weekly_new', title: '本周新书', slug: 'weekly_new', kind: 'grid', novels: [card(6)] },
    ],
  };

  it('carousel items with a novel open its listen page; others keep their link', () => {
    render(<ListenBlocks home={home} languageType={1} />);
    const carousel = screen.getByRole('region', { name: '听书推荐' });
    expect(within(carousel).getByRole('link', { name: '轮播一' })).toHaveAttribute('href', '/m/listen/901?read_type=2');
    expect(within(carousel).getByRole('link', { name: '活动' })).toHaveAttribute('href', '/m/vip');
  });

  it('each list opens novels on the listen page, ranks the ranked ones, and "更多" goes to its tab on /m/listen-ranks', () => {
    render(<ListenBlocks home={home} languageType={0} />);
    const weekly = screen.getByRole('heading', { name: '本周热听' }).closest('section')!;
    expect(
      within(weekly)
        .getAllByText(/^[12]$/)
        .map((e) => e.textContent),
    ).toEqual(['1', '2']);
    expect(within(weekly).getByRole('link', { name: '更多' })).toHaveAttribute('href', '/m/listen-ranks?tab=weekly&lang=0');
    for (const link of within(weekly).getAllByRole('link', { name: /书4/ }))
      expect(link).toHaveAttribute('href', '/m/listen/401?read_type=1');
    const fresh = screen.getByRole('heading', { name: '本周新书' }).closest('section')!;
    expect(within(fresh).getByRole('link', { name: /书6/ })).toHaveAttribute('href', '/m/listen/601?read_type=1');
    const must = screen.getByRole('heading', { name: '男生必听' }).closest('section')!;
    expect(within(must).queryByText('1', { selector: '.rank' })).toBeNull();
  });

  it('listening cards show episodes and listeners from the data, and a play button for the book', () => {
    render(<ListenBlocks home={home} languageType={1} />);
    const must = screen.getByRole('heading', { name: '男生必听' }).closest('section')!;
    expect(within(must).getByText('共120集 · 37人听过')).toBeInTheDocument();
    expect(within(must).getByRole('link', { name: '播放《书1》' })).toHaveAttribute('href', '/m/listen/101?read_type=1');
    // Nobody has listened yet: no "0人".
    const weekly = screen.getByRole('heading', { name: '本周热听' }).closest('section')!;
    expect(within(weekly).getAllByText('共30集')).toHaveLength(2);
  });
});

describe('HomeHeader', () => {
  it('has the audio tab between the channels and free, marked current on the audio tab', () => {
    render(
      <HomeHeader
        pages={[
          { id: 1, title: '男生', gender: 1 },
          { id: 2, title: '女生', gender: 2 },
        ]}
        current="listen"
        languageType={0}
      />,
    );
    const tabs = within(screen.getByRole('navigation', { name: '频道' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['男生', '女生', '听书', '免费', '排行']);
    expect(tabs[2]).toHaveAttribute('href', '/m?tab=listen&lang=0');
    expect(tabs[2]).toHaveAttribute('aria-current', 'page');
    expect(tabs[0]).not.toHaveAttribute('aria-current');
    expect(tabs[1]).toHaveAttribute('href', '/m?gender=2&lang=0');
  });
});
