import { act, fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import { GameSlot } from './game-slot';
import { GamesSetting } from './games-setting';
import { adRemovalHref } from '@/lib/shared/game-links';
import { mockFetch } from '@/test/mock-fetch';
import type { GamesPage } from '@/lib/shared/dto/games';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';

// Each render starts from an empty SWR cache (docs/development.md "Server data in the browser: SWR hooks").
const FreshCache = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: FreshCache });

// The game slot and the hide choice (docs/games.md "Slots", "Closing game recommendations").
const GAME = (id: number) => ({
  id,
  name: `游戏${id}`,
  icon: `/promo/games/${id}.svg`,
  art: null,
  description: '',
  category: '',
  href: `/games/go/${id}`,
});
const page = (over: Partial<GamesPage> = {}): GamesPage => ({
  list: [1, 2, 3, 4].map(GAME),
  has_more: true,
  hidden: false,
  ask_hide: false,
  ad_removal_pid: null,
  ...over,
});

/** A stand-in IntersectionObserver whose entries the test shows on demand. */
let show: () => void = () => undefined;
beforeEach(() => {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    constructor(private cb: IntersectionObserverCallback) {
      show = () => this.cb([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('GameSlot', () => {
  it('asks for games only when it comes near the screen, then shows them as recorded-click links', async () => {
    const fetch = mockFetch({ 'GET /v1/games': { data: page() } });
    render(<GameSlot languageType={0} returnPath="/m?gender=1&lang=0" />);
    expect(screen.getByTestId('game-slot')).toHaveTextContent('游戏推荐');
    expect(fetch.calls).toEqual([]);
    act(() => show());
    const links = await screen.findAllByRole('link', { name: /游戏\d/ }, { timeout: 5000 });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/games/go/1', '/games/go/2', '/games/go/3', '/games/go/4']);
    expect(fetch.calls[0]!.url).toBe('/v1/games?language_type=0&limit=4');
  });

  it('folds away when the server sends no games (closed, ad removal, none active) or fails', async () => {
    mockFetch({ 'GET /v1/games': { data: page({ list: [], hidden: true }) } });
    const { container } = render(<GameSlot languageType={1} returnPath="/m" />);
    act(() => show());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('asks a paid member once: closing folds the slot, the answer is posted', async () => {
    const fetch = mockFetch({
      'GET /v1/games': { data: page({ ask_hide: true }) },
      'POST /v1/my/settings': { data: { hide_games: true } },
    });
    const { container } = render(<GameSlot languageType={1} returnPath="/m" />);
    act(() => show());
    fireEvent.click(await screen.findByRole('button', { name: '关闭推荐' }, { timeout: 5000 }));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(fetch.calls.find((c) => c.method === 'POST')!.body).toEqual({ hide_games: true });
  });

  it('keeping the games only removes the question', async () => {
    mockFetch({ 'GET /v1/games': { data: page({ ask_hide: true }) }, 'POST /v1/my/settings': { data: { hide_games: false } } });
    render(<GameSlot languageType={1} returnPath="/m" />);
    act(() => show());
    fireEvent.click(await screen.findByRole('button', { name: '保留推荐' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByTestId('hide-games-ask')).not.toBeInTheDocument());
    expect(screen.getAllByRole('link', { name: /游戏\d/ })).toHaveLength(4);
  });

  it('offers a member without VIP the 9.9 ad removal with scene 10008 and the way back', async () => {
    mockFetch({ 'GET /v1/games': { data: page({ ad_removal_pid: 4 }) } });
    render(<GameSlot languageType={1} returnPath="/m/read/9?nid=2" />);
    act(() => show());
    const link = await screen.findByRole('link', { name: '9.9元永久去广告' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', adRemovalHref(4, '/m/read/9?nid=2'));
    expect(link.getAttribute('href')).toBe(
      '/orders/create?pid=4&return=%2Fm%2Fread%2F9%3Fnid%3D2&cancel=%2Fm%2Fread%2F9%3Fnid%3D2&scene=10008',
    );
  });

  it('renders nothing without IntersectionObserver', () => {
    delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    const fetch = mockFetch({});
    const { container } = render(<GameSlot languageType={1} returnPath="/m" />);
    expect(container).toBeEmptyDOMElement();
    expect(fetch.calls).toEqual([]);
  });
});

describe('GamesSetting (我的)', () => {
  it('is a switch that posts the new choice and shows the answer', async () => {
    const fetch = mockFetch({ 'POST /v1/my/settings': (body) => ({ data: body }) });
    render(<GamesSetting initialHidden />);
    const sw = screen.getByRole('switch', { name: /游戏推荐/ });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(sw);
    await waitFor(() => expect(sw).toHaveAttribute('aria-checked', 'true'));
    expect(fetch.calls[0]!.body).toEqual({ hide_games: false });
  });
});
