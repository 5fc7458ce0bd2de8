import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LoginForm } from './login-form';
import { mockFetch } from '@/test/mock-fetch';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { oauthStartPath } from '@/lib/shared/agreements';

// docs/agreements.md "Agreeing at sign-in": the box starts unticked, nothing is sent until it is ticked, and the
// versions the page rendered go with the sign-in.
const VERSIONS = { user: 3, privacy: 2 };

beforeEach(() => {
  localStorage.clear();
  // jsdom cannot navigate: the sign-ins' full page loads only log that, which this file does not read.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const lastToast = () => useToastStore.getState().toasts.at(-1)?.text;

it('starts unticked and sends no guest sign-in until the reader ticks it', async () => {
  const fetch = mockFetch({ 'POST /v1/tourist/login': { data: { member_id: 1 } } });
  render(<LoginForm next="/m/my" oauthAvailable versions={VERSIONS} />);
  const box = screen.getByRole('checkbox', { name: /我已阅读并同意/ });
  expect(box).not.toBeChecked();
  expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/m/agreements/user');
  expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/m/agreements/privacy');

  fireEvent.click(screen.getByRole('button', { name: '游客登录' }));
  fireEvent.click(screen.getByRole('button', { name: '微信登录' }));
  expect(fetch.calls).toHaveLength(0);
  expect(lastToast()).toBe('请先阅读并同意《用户协议》和《隐私政策》');

  fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: '游客登录' }));
  await waitFor(() => expect(fetch.calls).toHaveLength(1));
  expect(fetch.calls[0]!.body).toMatchObject({ agreements: VERSIONS });
});

it('third-party sign-in carries the ticked versions to /oauth/start', () => {
  expect(oauthStartPath('/m/read/21?nid=1', VERSIONS)).toBe('/oauth/start?next=%2Fm%2Fread%2F21%3Fnid%3D1&agree_user=3&agree_privacy=2');
});
