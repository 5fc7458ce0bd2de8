import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { BUSINESS_TIMEZONE, DATE_FORMAT } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Business time is Asia/Shanghai wherever the server runs. */
export function formatDateTime(at: Date | string): string {
  return dayjs(at).tz(BUSINESS_TIMEZONE).format(DATE_FORMAT);
}
