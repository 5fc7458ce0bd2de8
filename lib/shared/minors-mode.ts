import { businessHourOf } from './business-time';

/**
 * 青少年模式's clock rules (docs/minors-mode.md "Night window", "Daily limit"), shared by the server that enforces them
 * and the reader's and player's gate that explains them.
 */
export const MINORS_NIGHT_START_HOUR = 22;
export const MINORS_NIGHT_END_HOUR = 6;

/** A heartbeat's most: the time since the previous one, at most this much (the gate beats every 30 s). */
export const MINORS_BEAT_MAX_STEP_MS = 60_000;
/** A gap longer than this is a pause, not use: the next beat starts counting afresh. */
export const MINORS_BEAT_MAX_GAP_MS = 90_000;
/** How often the reader and the player report use while open and in use. */
export const MINORS_BEAT_INTERVAL_MS = 30_000;

/** The smallest daily limit a member may choose. */
export const MINORS_MIN_MINUTES = 10;

/** Whether `at` falls in the night window, 22:00 to 06:00 business time (Beijing), when the mode allows no use. */
export function inMinorsNight(at: Date | number): boolean {
  const hour = businessHourOf(at);
  return hour >= MINORS_NIGHT_START_HOUR || hour < MINORS_NIGHT_END_HOUR;
}

/** Why a member in the mode may not read or listen now. */
export type MinorsBlock = 'limit' | 'night';

/** The mode's state as the member's pages and the gate see it (GET /v1/my/minors_mode). */
export interface MinorsStatusDto {
  /** In the mode: switched on, or on by age. */
  on: boolean;
  /** On because the declared birth date makes the member a minor: the member cannot switch it off. */
  by_age: boolean;
  has_pin: boolean;
  /** The limit in force today, minutes. */
  daily_minutes: number;
  /** The console's limit: the most a member may choose. */
  max_minutes: number;
  used_seconds: number;
  remaining_seconds: number;
  blocked: MinorsBlock | null;
  /** Business day the usage counts on, YYYY-MM-DD. */
  day: string;
}

/** The same facts as the gate phrases them, for a member outside the mode too (the gate then never stops). */
export const MINORS_OFF_STATUS: MinorsStatusDto = {
  on: false,
  by_age: false,
  has_pin: false,
  daily_minutes: 0,
  max_minutes: 0,
  used_seconds: 0,
  remaining_seconds: 0,
  blocked: null,
  day: '',
};
