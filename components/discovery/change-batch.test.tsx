import { act, render, screen } from '@testing-library/react';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { fetchRoutes } from '@/test/fetch-routes';
import { ChangeBatch } from './change-batch';

const novel = (id: number): NovelSummary =>
  ({
    id,
    title: `书${id}`,
    thumb: `/covers/${id}.svg`,
    cover_tag: null,
    language_type: 1,
    author: { id: 1, name: '作者' },
  }) as unknown as NovelSummary;

describe('ChangeBatch (新书速递 on home)', () => {
  it('shows the server-rendered first batch, then swaps in a random batch of the same size and language on 换一批', async () => {
    const { calls } = fetchRoutes({ 'GET /v1/novels/random': [novel(7), novel(8)] });
    render(
      <ChangeBatch count={2} languageType={0} title="新书速递">
        <li>第一批</li>
      </ChangeBatch>,
    );
    expect(screen.getByText('第一批')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: '换一批' }).click());
    expect(await screen.findByText('书7')).toBeInTheDocument();
    expect(screen.queryByText('第一批')).toBeNull();
    expect(calls[0]!.query).toMatchObject({ language_type: '0', limit: '2' });
  });
});
