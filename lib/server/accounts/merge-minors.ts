import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * What a guest's 青少年模式, agreements and privacy switch become when the guest merges into a member (binding a phone
 * that has an account, docs/minors-mode.md "Signing in from a guest device"). The rule is the stricter of the two, so
 * signing in never takes a young reader out of the mode:
 * - the mode: on when either was on. A target not in the mode takes the guest's switch, password (it still opens
 *   with the same four digits: `verifyPin` checks the members merged into the account too), limit and lock; when
 *   both were on, the target keeps its own password and the lower limit and the later lock apply;
 * - today's use (and every day's): the two are added up, the latest counted moment kept;
 * - the birth date: the guest's, when the target declared none (a minor by age stays one);
 * - 个性化推荐: off when either switched it off;
 * - the agreements: each version the guest agreed to and the target had not is recorded for the target with the
 *   guest's time, channel and address (the guest's own rows stay as they were).
 */
export async function mergeMinorsAndConsents(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`
    insert into minors_modes (member_id, "on", pin_hash, daily_minutes, fail_day, fail_count, locked_until, last_beat_at, turned_on_at, updated_at)
    select ${toId}, "on", pin_hash, daily_minutes, fail_day, fail_count, locked_until, last_beat_at, turned_on_at, now()
      from minors_modes where member_id = ${fromId} and "on"
    on conflict (member_id) do update set
      "on" = true,
      pin_hash = case when minors_modes."on" then minors_modes.pin_hash else excluded.pin_hash end,
      daily_minutes = case when minors_modes."on" then least(minors_modes.daily_minutes, excluded.daily_minutes)
                           else excluded.daily_minutes end,
      fail_day = case when minors_modes."on" then minors_modes.fail_day else excluded.fail_day end,
      fail_count = case when minors_modes."on" then minors_modes.fail_count else excluded.fail_count end,
      locked_until = greatest(minors_modes.locked_until, excluded.locked_until),
      last_beat_at = greatest(minors_modes.last_beat_at, excluded.last_beat_at),
      turned_on_at = coalesce(minors_modes.turned_on_at, excluded.turned_on_at),
      updated_at = now()`);
  // The latest counted moment, even when the guest was not switched on (a minor by age needs no row).
  await tx.execute(sql`
    update minors_modes t set last_beat_at = g.last_beat_at from minors_modes g
      where t.member_id = ${toId} and g.member_id = ${fromId} and g.last_beat_at > coalesce(t.last_beat_at, '-infinity')`);
  await tx.execute(sql`
    insert into minors_usage_days (member_id, day, seconds)
    select ${toId}, day, seconds from minors_usage_days where member_id = ${fromId}
    on conflict (member_id, day) do update set seconds = minors_usage_days.seconds + excluded.seconds`);
  await tx.execute(sql`delete from minors_usage_days where member_id = ${fromId}`);
  await tx.execute(sql`
    update members t set birth_date = g.birth_date from members g
      where t.id = ${toId} and g.id = ${fromId} and t.birth_date is null and g.birth_date is not null`);

  await tx.execute(sql`
    insert into member_privacy_settings (member_id, personalized, updated_at)
    select ${toId}, false, now() from member_privacy_settings where member_id = ${fromId} and not personalized
    on conflict (member_id) do update set personalized = false, updated_at = now()`);
  await tx.execute(sql`
    insert into member_consents (member_id, kind, version, channel, ip, agreed_at)
    select ${toId}, kind, version, channel, ip, agreed_at from member_consents where member_id = ${fromId}
    on conflict (member_id, kind, version) do nothing`);
}
