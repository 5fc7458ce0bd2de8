import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Sends allowed per window: per phone 1 a minute, 5 an hour, 10 a day; per IP 20 an hour, 50 a day. */
export const SMS_LIMITS = [
  { key: 'phone', windowMs: MINUTE, max: 1, message: SERVER_MSG.smsPerMinute },
  { key: 'phone', windowMs: HOUR, max: 5, message: SERVER_MSG.smsPerHour },
  { key: 'phone', windowMs: DAY, max: 10, message: SERVER_MSG.smsPerDay },
  { key: 'ip', windowMs: HOUR, max: 20, message: SERVER_MSG.smsPerIp },
  { key: 'ip', windowMs: DAY, max: 50, message: SERVER_MSG.smsPerIp },
] as const;

export const CODE_TTL_MS = 5 * MINUTE;
export const MAX_CODE_ATTEMPTS = 5;
export const LONGEST_WINDOW_MS = DAY;
