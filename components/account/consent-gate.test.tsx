import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConsentGate } from './consent-gate';
import { mockFetch } from '@/test/mock-fetch';
import { installManualScheduler } from '@/test/manual-scheduler';

// docs/agreements.md "Agreeing again": a signed-in member who owes consent gets a sheet they cannot dismiss; agreeing
// sends the versions in force for themselves and closes it.
const AGREEMENTS = {
  user: { kind: 'user', version: 2, title: '书声用户协议', effective_at: '2026-11-28T00:00:00.000Z' },
  privacy: { kind: 'privacy', version: 1, title: '书声隐私政策', effective_at: '2026-11-01T00:00:00.000Z' },
};

beforeEach(() => {
  sessionStorage.clear();
  document.cookie = 'member_id=7; path=/';
});
afterEach(() => {
  document.cookie = 'member_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

it('asks a member with a document due, stays open on Escape, and closes once they agree', async () => {
  const fetch = mockFetch({
    'GET /v1/my/consent': { data: { due: ['user'], agreements: AGREEMENTS } },
    'POST /v1/my/consent': { data: { due: [], agreements: AGREEMENTS } },
  });
  render(<ConsentGate />);
  // The first render of a test file compiles the dialog's modules: give it longer than the default second.
  const sheet = await screen.findByRole('dialog', { name: '协议更新' }, { timeout: 5000 });
  expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/m/agreements/user');
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(sheet).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '同意并继续' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(fetch.calls.find((c) => c.method === 'POST')!.body).toEqual({ agreements: { user: 2, privacy: 1 } });
});

it('shows nothing to a member who is up to date, and does not ask again in this tab', async () => {
  const fetch = mockFetch({ 'GET /v1/my/consent': { data: { due: [], agreements: AGREEMENTS } } });
  const { unmount } = render(<ConsentGate />);
  await waitFor(() => expect(fetch.calls).toHaveLength(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  unmount();
  render(<ConsentGate />);
  expect(fetch.calls).toHaveLength(1);
});

it('asks nothing of a signed-out browser', () => {
  document.cookie = 'member_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  const fetch = mockFetch({});
  render(<ConsentGate />);
  expect(fetch.calls).toHaveLength(0);
});

it("reads the tab's storage and asks the server in a task after the one that mounted it", async () => {
  const scheduler = installManualScheduler();
  const read = jest.spyOn(Storage.prototype, 'getItem');
  try {
    const fetch = mockFetch({ 'GET /v1/my/consent': { data: { due: ['user'], agreements: AGREEMENTS } } });
    render(<ConsentGate />);
    await act(async () => undefined);
    expect(read).not.toHaveBeenCalled();
    expect(fetch.calls).toHaveLength(0);
    // Its own task, then the call's (lib/client/api.ts makes each request in a task of its own too).
    await act(async () => scheduler.runAll());
    await act(async () => scheduler.runAll());
    expect(await screen.findByRole('dialog', { name: '协议更新' }, { timeout: 5000 })).toBeInTheDocument();
    expect(read).toHaveBeenCalledWith('consent-checked:7');
  } finally {
    read.mockRestore();
    scheduler.uninstall();
  }
});
