import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { navigate } from '@/lib/client/navigate';
import { mockFetch } from '@/test/mock-fetch';
import { ReportForm } from './report-form';

const reasons = {
  data: [
    { value: 'porn', label: '色情低俗' },
    { value: 'ad', label: '广告引流' },
    { value: 'other', label: '其他' },
  ],
};
const renderForm = (target: Parameters<typeof ReportForm>[0]['target']) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ReportForm target={target} />
    </SWRConfig>,
  );
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('ReportForm', () => {
  it('prefilled from a comment: names the target, offers the reasons, sends once and lands on the success page', async () => {
    const { calls } = mockFetch({ 'GET /v1/reports/reasons': { data: reasons }, 'POST /v1/reports': { data: { id: 9 } } });
    renderForm({ type: 'comment', id: 42 });
    expect(screen.getByText('举报对象：评论 #42')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: '广告引流' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: ' 评论里留了微信号 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: '联系方式（选填）' }), { target: { value: '13800000000' } });
    await submit();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/v1/reports',
        body: { target_type: 'comment', target_id: 42, reason: 'ad', content: '评论里留了微信号', contact: '13800000000' },
      }),
    ]);
    expect(assign).toHaveBeenCalledWith('/m/report/success');
  });

  it('asks for a reason and a description before sending; contact stays optional', async () => {
    const { calls } = mockFetch({ 'GET /v1/reports/reasons': { data: reasons }, 'POST /v1/reports': { data: { id: 1 } } });
    renderForm({ type: 'novel', id: 3 });
    await screen.findByRole('radio', { name: '其他' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('请选择举报原因');
    fireEvent.click(screen.getByRole('radio', { name: '其他' }));
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('请填写问题描述');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '封面不适' } });
    await submit();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      target_type: 'novel',
      target_id: 3,
      reason: 'other',
      content: '封面不适',
    });
  });

  it('without a target from the address the reader picks the kind and types the id', async () => {
    const { calls } = mockFetch({ 'GET /v1/reports/reasons': { data: reasons }, 'POST /v1/reports': { data: { id: 1 } } });
    renderForm(null);
    fireEvent.change(screen.getByRole('combobox', { name: '举报对象' }), { target: { value: 'member' } });
    fireEvent.change(screen.getByRole('textbox', { name: '用户 ID' }), { target: { value: '12a3' } });
    expect(screen.getByRole('textbox', { name: '用户 ID' })).toHaveValue('123');
    fireEvent.click(await screen.findByRole('radio', { name: '色情低俗' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '头像违规' } });
    await submit();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ target_type: 'member', target_id: 123, reason: 'porn' });
  });

  it('a missing id is refused in the form', async () => {
    const { calls } = mockFetch({ 'GET /v1/reports/reasons': { data: reasons } });
    renderForm(null);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('ID 格式不正确');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a refused report stays on the form', async () => {
    mockFetch({
      'GET /v1/reports/reasons': { data: reasons },
      'POST /v1/reports': { status: 429, code: 42900, message: '今天举报次数已达上限' },
    });
    renderForm({ type: 'comment', id: 1 });
    fireEvent.click(await screen.findByRole('radio', { name: '其他' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '刷屏' } });
    await submit();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
  });
});
