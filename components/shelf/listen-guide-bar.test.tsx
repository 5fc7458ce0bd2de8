import { act, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import type { ListenGuide } from '@/lib/shared/dto/listen-guide';
import { fetchRoutes } from '@/test/fetch-routes';
import { ListenGuideBar } from './listen-guide-bar';
import { useListenGuide } from '@/lib/client/swr/use-listen-guide';

const fresh = (ui: React.ReactNode) => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
const guide = (over: Partial<ListenGuide> = {}): ListenGuide => ({
  novel_id: 1,
  article_id: 12,
  time_track: 95,
  ctype: 1,
  title: '长夜余火',
  article_title: '第12章 灯',
  thumb: '/covers/1.svg',
  source: 'readlog',
  ...over,
});
const PATH = 'GET /v1/tts/readlogs_tts/guide_novel_article_id';

/** Shows when the guide's answer is in the SWR cache the bar reads: the moment the bar has had it to render. */
function GuideLoaded() {
  const { data } = useListenGuide(true);
  return data ? <p>loaded: {data.title}</p> : null;
}

beforeEach(() => {
  sessionStorage.clear();
  Cookies.remove('member_id');
});

describe('ListenGuideBar (home audio tab)', () => {
  it('a visitor: no call, no bar', () => {
    const { calls } = fetchRoutes({ [PATH]: guide() });
    const { container } = fresh(<ListenGuideBar />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });

  it('a member who listened: continues on the listen page at the saved second', async () => {
    Cookies.set('member_id', '42');
    fetchRoutes({ [PATH]: guide() });
    fresh(<ListenGuideBar />);
    const link = await screen.findByRole('link', { name: /长夜余火/ });
    expect(link).toHaveAttribute('href', '/m/listen/12?read_type=1&currentTime=95');
    expect(link).toHaveTextContent('继续收听《长夜余火》第12章 灯');
  });

  it('an audio-first novel (ctype 2) opens with read_type 2; position 0 has no currentTime', async () => {
    Cookies.set('member_id', '42');
    fetchRoutes({ [PATH]: guide({ ctype: 2, time_track: 0, article_id: 31 }) });
    fresh(<ListenGuideBar />);
    expect(await screen.findByRole('link', { name: /长夜余火/ })).toHaveAttribute('href', '/m/listen/31?read_type=2');
  });

  it('a member who has not listened yet (the must_listen pick): no bar', async () => {
    Cookies.set('member_id', '42');
    const { calls } = fetchRoutes({ [PATH]: guide({ source: 'must_listen', time_track: 0 }) });
    const { container } = fresh(<ListenGuideBar />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it("closing hides it for the visit, without touching the reading bar's choice", async () => {
    Cookies.set('member_id', '42');
    fetchRoutes({ [PATH]: guide() });
    const first = fresh(<ListenGuideBar />);
    await screen.findByRole('link', { name: /长夜余火/ });
    act(() => screen.getByRole('button', { name: '关闭' }).click());
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(sessionStorage.getItem('continue-bar.hidden')).toBeNull();
    first.unmount();
    const { calls } = fetchRoutes({ [PATH]: guide() });
    fresh(
      <>
        <ListenGuideBar />
        <GuideLoaded />
      </>,
    );
    // The answer arrives (the probe beside it, on the same cache, renders it), and the bar still stays closed.
    expect(await screen.findByText('loaded: 长夜余火')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
