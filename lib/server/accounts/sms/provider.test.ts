import { consoleProvider, httpProvider, readDevInbox } from './provider';

describe('SMS providers', () => {
  it('the HTTP gateway posts the phone, template and code with the bearer token', async () => {
    const fetchMock = jest.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    await httpProvider('https://sms.example/send', 'TOKEN', fetchMock as unknown as typeof fetch).sendLoginCode('13800138000', '123456');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('https://sms.example/send');
    expect(init.headers.authorization).toBe('Bearer TOKEN');
    expect(JSON.parse(init.body)).toEqual({ phone: '13800138000', template: 'login_code', params: { code: '123456', minutes: 5 } });
  });

  it('a gateway error is a failed send', async () => {
    const fetchMock = jest.fn().mockResolvedValue(new Response('no', { status: 502 }));
    await expect(
      httpProvider('https://sms.example/send', undefined, fetchMock as unknown as typeof fetch).sendLoginCode('13800138000', '1'),
    ).rejects.toThrow('502');
  });

  it('the console provider keeps codes readable only with SMS_DEV_INBOX=1', async () => {
    const previous = process.env.SMS_DEV_INBOX;
    process.env.SMS_DEV_INBOX = '0';
    await consoleProvider.sendLoginCode('13700000001', '111111');
    expect(readDevInbox('13700000001')).toBeUndefined();
    process.env.SMS_DEV_INBOX = '1';
    await consoleProvider.sendLoginCode('13700000001', '222222');
    expect(readDevInbox('13700000001')?.code).toBe('222222');
    process.env.SMS_DEV_INBOX = previous;
  });
});
