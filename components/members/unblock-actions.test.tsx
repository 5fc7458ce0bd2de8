import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppealForm, SignOutButton } from './unblock-actions';
import { navigate } from '@/lib/client/navigate';

// The unblock page's appeal form and sign-out (docs/members.md "Unblock page").
type Answer = { status: number; body: unknown };
function fakeApi(answers: Record<string, Answer>) {
  const calls: { path: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (input: string, init: { body?: string } = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    calls.push({ path, body: init.body ? JSON.parse(init.body) : undefined });
    const a = answers[path] ?? { status: 404, body: { code: 40400, message: '接口不存在' } };
    return { ok: a.status < 400, status: a.status, json: async () => a.body } as Response;
  }) as unknown as typeof fetch;
  return calls;
}

afterEach(() => jest.restoreAllMocks());

it('sends the appeal once and shows it as pending', async () => {
  const calls = fakeApi({
    '/v1/my/block/appeal': {
      status: 200,
      body: {
        code: 0,
        message: '',
        data: { blocked: true, appeal: { status: 'pending', text: '我是冤枉的，请核实', reply: null, created_at: '' }, can_appeal: false },
      },
    },
  });
  render(<AppealForm />);
  const submit = screen.getByRole('button', { name: '提交申诉' });
  expect(submit).toBeDisabled();
  fireEvent.change(screen.getByRole('textbox', { name: '申诉' }), { target: { value: '我是冤枉的，请核实' } });
  fireEvent.click(submit);
  expect(await screen.findByText('申诉已提交，请等待处理')).toBeInTheDocument();
  expect(calls).toEqual([{ path: '/v1/my/block/appeal', body: { content: '我是冤枉的，请核实' } }]);
  expect(screen.queryByRole('button', { name: '提交申诉' })).toBeNull();
});

it('shows the server’s refusal beside the form and keeps the text', async () => {
  fakeApi({ '/v1/my/block/appeal': { status: 409, body: { code: 40900, message: '每次封禁只能申诉一次' } } });
  render(<AppealForm />);
  fireEvent.change(screen.getByRole('textbox', { name: '申诉' }), { target: { value: '再申诉一次可以吗' } });
  fireEvent.click(screen.getByRole('button', { name: '提交申诉' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('每次封禁只能申诉一次'));
  expect(screen.getByRole('textbox', { name: '申诉' })).toHaveValue('再申诉一次可以吗');
});

it('signs out and goes home', async () => {
  const calls = fakeApi({ '/v1/logout': { status: 200, body: { code: 0, message: '', data: { logged_out: true } } } });
  const assign = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
  render(<SignOutButton />);
  fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/m'));
  expect(calls[0]!.path).toBe('/v1/logout');
});
