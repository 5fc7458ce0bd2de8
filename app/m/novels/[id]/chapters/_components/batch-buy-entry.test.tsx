import { fireEvent, render, screen } from '@testing-library/react';
import type { CatalogEntry } from '@/lib/shared/dto/catalog';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { navigate } from '@/lib/client/navigate';
import { BatchBuyEntry, batchStart } from './batch-buy-entry';

const entry = (id: number, idx: number, free = false): CatalogEntry => ({
  id,
  idx,
  title: `第${idx}章`,
  is_free: free,
  price: free ? 0 : 10,
});
// A page of the list in descending order: chapters 24…20, 20 and 21 free.
const SHOWN = [entry(124, 24), entry(123, 23), entry(122, 22), entry(121, 21, true), entry(120, 20, true)];

describe('批量购买 on the chapter list', () => {
  beforeEach(() => useModalStore.setState({ current: null }));

  it('starts at the earliest paid chapter shown that the member does not own, whatever the order shown', () => {
    expect(batchStart(SHOWN, undefined)).toBe(122);
    expect(batchStart(SHOWN, { nid: 1, whole_book: false, chapter_ids: [122] })).toBe(123);
    // Everything shown owned: the sheet still starts there and skips what is owned further on.
    expect(batchStart(SHOWN, { nid: 1, whole_book: false, chapter_ids: [122, 123, 124] })).toBe(122);
    expect(batchStart([entry(121, 21, true)], undefined)).toBeNull();
  });

  it('opens the batch sheet for a member, from that chapter', () => {
    render(<BatchBuyEntry novelId={7} shown={SHOWN} owned={{ nid: 7, whole_book: false, chapter_ids: [122] }} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: '批量购买' }));
    expect(useModalStore.getState().current).toMatchObject({ name: 'batch-buy', props: { novelId: 7, articleId: 123 } });
  });

  it('sends a signed-out reader to sign in and back, without opening the sheet', () => {
    const assign = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
    render(<BatchBuyEntry novelId={7} shown={SHOWN} owned={undefined} signedIn={false} />);
    fireEvent.click(screen.getByRole('button', { name: '批量购买' }));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/m\/(login|oauth)\?next=/));
    expect(useModalStore.getState().current).toBeNull();
    assign.mockRestore();
  });

  it('is not offered on a page of free chapters only', () => {
    render(<BatchBuyEntry novelId={7} shown={[entry(121, 21, true)]} owned={undefined} signedIn />);
    expect(screen.queryByRole('button', { name: '批量购买' })).not.toBeInTheDocument();
  });
});
