import { render, screen } from '@testing-library/react';
import { OptionalIsland } from './optional-island';

function Broken(): never {
  // What next/dynamic throws when a chunk cannot be fetched (offline, not kept by a download).
  throw Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
}

describe('OptionalIsland', () => {
  it('shows its part as long as it renders', () => {
    render(
      <OptionalIsland>
        <p>相似听书</p>
      </OptionalIsland>,
    );
    expect(screen.getByText('相似听书')).toBeTruthy();
  });

  it('leaves a part that fails out, and the page around it in place (docs/offline.md "Offline")', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <main>
          <button type="button">播放</button>
          <OptionalIsland>
            <Broken />
          </OptionalIsland>
        </main>,
      );
      expect(screen.getByRole('button', { name: '播放' })).toBeTruthy();
      expect(screen.queryByText('相似听书')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
