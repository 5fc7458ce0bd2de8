'use client';

import { useEffect, useState } from 'react';
import { sendSmsCode } from '@/lib/client/actions/accounts';
import { toast } from '@/lib/client/stores/toast-store';
import { secondsUntilResend, useSmsStore } from '@/lib/client/stores/sms-store';
import { MSG } from '@/lib/shared/messages';
import { checkPhone } from '@/lib/shared/schemas/phone-code';

/**
 * Sends a login code and runs the resend countdown, which survives a reload. `sendTo` sends to a phone the server
 * already knows (the cancellation's code goes to the member's own number), so there is no number to check here.
 */
export function useSmsCode(sendTo?: () => Promise<unknown>) {
  // Two selections, each a value: the whole state is a new object once the persisted store has loaded, which at
  // hydration re-rendered the login form at once, inside hydration's task.
  const sentAt = useSmsStore((s) => s.sentAt);
  const markSent = useSmsStore((s) => s.markSent);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const wait = secondsUntilResend(sentAt, now);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  async function send(phone = ''): Promise<boolean> {
    const parsed = sendTo ? null : checkPhone(phone);
    if (parsed && !parsed.ok) {
      toast(parsed.message, { length: 'short' });
      return false;
    }
    setSending(true);
    try {
      await (parsed ? sendSmsCode(parsed.value) : sendTo!());
      markSent();
      setNow(Date.now());
      toast(MSG.smsSent, { length: 'short' });
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  }

  return { send, wait, sending };
}
