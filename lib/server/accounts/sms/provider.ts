import 'server-only';
import { log } from '../../logger';

/** Where login codes go. `console` by default; `http` for a real SMS gateway (README "SMS"). */
export interface SmsProvider {
  readonly name: string;
  sendLoginCode(phone: string, code: string): Promise<void>;
}

const inbox = globalThis as typeof globalThis & { __shushengSmsInbox?: Map<string, { code: string; sentAt: string }> };

/** Codes readable at GET /v1/dev/sms only while the server runs with SMS_DEV_INBOX=1 (tests and local demos). */
export function devInboxEnabled(): boolean {
  return process.env.SMS_DEV_INBOX === '1';
}

export function readDevInbox(phone: string): { code: string; sentAt: string } | undefined {
  return inbox.__shushengSmsInbox?.get(phone);
}

export const consoleProvider: SmsProvider = {
  name: 'console',
  async sendLoginCode(phone, code) {
    log('info', 'sms_login_code', { phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, code });
    if (devInboxEnabled()) {
      inbox.__shushengSmsInbox ??= new Map();
      inbox.__shushengSmsInbox.set(phone, { code, sentAt: new Date().toISOString() });
    }
  },
};

/** A JSON gateway: POST SMS_HTTP_URL {phone, template, params} with a bearer token; any non-2xx is a failure. */
export function httpProvider(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    name: 'http',
    async sendLoginCode(phone, code) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone, template: 'login_code', params: { code, minutes: 5 } }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function smsProvider(): SmsProvider {
  if (process.env.SMS_PROVIDER === 'http') {
    const url = process.env.SMS_HTTP_URL;
    if (!url) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return httpProvider(url, process.env.SMS_HTTP_TOKEN);
  }
  return consoleProvider;
}
