import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const RESEND_SECONDS = 60;

interface SmsState {
  /** When the last code was requested (ms), persisted so a reload keeps the resend countdown (docs/accounts.md "SMS sign-in"). */
  sentAt: number;
  markSent: (at?: number) => void;
}

export const useSmsStore = create<SmsState>()(
  persist((set) => ({ sentAt: 0, markSent: (at = Date.now()) => set({ sentAt: at }) }), { name: 'sms' }),
);

export function secondsUntilResend(sentAt: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((sentAt + RESEND_SECONDS * 1000 - now) / 1000));
}
