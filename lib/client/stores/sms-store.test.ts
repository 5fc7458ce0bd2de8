import { act } from '@testing-library/react';
import { RESEND_SECONDS, secondsUntilResend, useSmsStore } from './sms-store';

describe('SMS resend countdown', () => {
  it('counts down 60 s from the last send', () => {
    const sent = 1_000_000;
    expect(RESEND_SECONDS).toBe(60);
    expect(secondsUntilResend(sent, sent)).toBe(60);
    expect(secondsUntilResend(sent, sent + 59_001)).toBe(1);
    expect(secondsUntilResend(sent, sent + 60_000)).toBe(0);
    expect(secondsUntilResend(0, sent)).toBe(0);
  });

  it('persists the send time under the "sms" key so a reload keeps the countdown', () => {
    act(() => useSmsStore.getState().markSent(123_456));
    expect(JSON.parse(window.localStorage.getItem('sms')!)).toMatchObject({ state: { sentAt: 123_456 } });
  });
});
