import { fireEvent, render, screen } from '@testing-library/react';
import { OAuthConsent } from './oauth-consent';
import { useToastStore } from '@/lib/client/stores/toast-store';

// docs/agreements.md "Agreeing at sign-in": the messaging app's sign-in page is a plain form to /oauth/start, so a tap
// before hydration works too; the browser refuses it unticked, and once hydrated the refusal is our toast.
const VERSIONS = { user: 3, privacy: 2 };
const lastToast = () => useToastStore.getState().toasts.at(-1)?.text;

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  // jsdom cannot navigate: a submitted form only logs that.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderForm() {
  render(<OAuthConsent next="/m/read/21?nid=1" versions={VERSIONS} />);
  const button = screen.getByRole('button', { name: '同意并登录' });
  const form = button.closest('form')!;
  const submitted: string[] = [];
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submitted.push(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString());
  });
  return { form, button, submitted };
}

it('leaves for /oauth/start by GET with the return path and the versions the page rendered', () => {
  const { form, button, submitted } = renderForm();
  expect(form).toHaveAttribute('action', '/oauth/start');
  expect(form).toHaveAttribute('method', 'get');
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  fireEvent.click(button);
  expect(submitted).toEqual(['next=%2Fm%2Fread%2F21%3Fnid%3D1&agree_user=3&agree_privacy=2']);
  expect(lastToast()).toBeUndefined();
});

it('unticked, nothing is submitted and the reader is told why', () => {
  const { button, submitted } = renderForm();
  const box = screen.getByRole('checkbox', { name: /我已阅读并同意/ });
  expect(box).not.toBeChecked();
  expect(box).toBeRequired();
  fireEvent.click(button);
  expect(submitted).toEqual([]);
  expect(lastToast()).toBe('请先阅读并同意《用户协议》和《隐私政策》');
});
