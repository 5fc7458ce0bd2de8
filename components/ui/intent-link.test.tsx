import { fireEvent, render, screen } from '@testing-library/react';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { IntentLink } from './intent-link';

// docs/reading.md "Novel page's first screen"
describe('IntentLink', () => {
  it('prefetches its page when a finger touches it, not when it is shown', () => {
    const prefetch = jest.fn();
    const router = { prefetch } as unknown as AppRouterInstance;
    render(
      <AppRouterContext.Provider value={router}>
        <IntentLink href="/m/read/1?nid=1">第1章</IntentLink>
      </AppRouterContext.Provider>,
    );
    const link = screen.getByRole('link', { name: '第1章' });
    expect(link).toHaveAttribute('href', '/m/read/1?nid=1');
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.touchStart(link);
    expect(prefetch).toHaveBeenCalledWith('/m/read/1?nid=1');
  });

  it('is a plain link outside the app router', () => {
    render(<IntentLink href="/m/authors/1">作者</IntentLink>);
    fireEvent.touchStart(screen.getByRole('link', { name: '作者' }));
    expect(screen.getByRole('link', { name: '作者' })).toHaveAttribute('href', '/m/authors/1');
  });
});
