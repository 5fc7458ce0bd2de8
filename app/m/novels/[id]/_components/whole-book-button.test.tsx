import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { mockFetch } from '@/test/mock-fetch';
import { WholeBookButton } from './whole-book-button';

const renderButton = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <WholeBookButton novelId={6} price={500} />
    </SWRConfig>,
  );

describe('the novel page’s whole-book button', () => {
  beforeEach(() => useModalStore.setState({ current: null }));
  afterEach(() => Cookies.remove('member_id'));

  it('a member who bought the book sees 已购全本, not an offer', async () => {
    Cookies.set('member_id', '12');
    mockFetch({ 'GET /v1/novels/6/owned': { data: { nid: 6, whole_book: true, chapter_ids: [] } } });
    renderButton();
    const owned = await screen.findByRole('button', { name: '已购全本' });
    expect(owned).toBeDisabled();
  });

  it('otherwise 购买全本 opens the whole-book modal; signed out nothing is asked', async () => {
    const { calls } = mockFetch({});
    renderButton();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '购买全本' })));
    expect(useModalStore.getState().current).toMatchObject({ name: 'novel-buy', props: { novelId: 6, price: 500 } });
    expect(calls).toHaveLength(0);
  });
});
