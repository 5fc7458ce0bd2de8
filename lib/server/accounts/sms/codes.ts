import 'server-only';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { ApiError } from '../../core/errors';
import { hmac } from '../../secret';
import { log } from '../../logger';
import { CODE_TTL_MS, LONGEST_WINDOW_MS, MAX_CODE_ATTEMPTS, SMS_LIMITS } from './limits';
import { smsProvider, type SmsProvider } from './provider';

const hashCode = (phone: string, code: string) => hmac(`sms:${phone}:${code}`);

/**
 * Issues a 6-digit login code (cryptographic random, valid 5 min) after checking every rate limit.
 * Sends for one phone are serialized by an advisory lock, so two parallel requests cannot both slip under a limit.
 * `ip` null: a local client of a demo server, not counted per IP (docs/abuse.md "Demo switches").
 */
export async function sendLoginCode(
  phone: string,
  ip: string | null,
  provider: SmsProvider = smsProvider(),
  now = new Date(),
): Promise<{ expires_in: number; resend_in: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    if (ip !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ip}`}))`);
    const since = new Date(now.getTime() - LONGEST_WINDOW_MS);
    const recent = await tx
      .select({ phone: smsCodes.phone, ip: smsCodes.ip, createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(
        and(
          gt(smsCodes.createdAt, since),
          ip === null ? eq(smsCodes.phone, phone) : sql`(${smsCodes.phone} = ${phone} or ${smsCodes.ip} = ${ip})`,
        ),
      );
    for (const limit of SMS_LIMITS) {
      const from = now.getTime() - limit.windowMs;
      if (limit.key === 'ip' && ip === null) continue;
      const used = recent.filter((r) => r.createdAt.getTime() > from && (limit.key === 'phone' ? r.phone === phone : r.ip === ip)).length;
      if (used >= limit.max) throw new ApiError(CODES.rateLimited, limit.message);
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, ip, codeHash: hashCode(phone, code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
      .returning({ id: smsCodes.id });
    return row!.id;
  });
  try {
    await provider.sendLoginCode(phone, code);
  } catch (err) {
    // Not delivered: the attempt must not count against the reader's limits.
    await getDb().delete(smsCodes).where(eq(smsCodes.id, id));
    log('error', 'sms_send_failed', { provider: provider.name, err });
    throw new ApiError(CODES.unavailable, SERVER_MSG.smsSendFailed);
  }
  return { expires_in: CODE_TTL_MS / 1000, resend_in: 60 };
}

/**
 * Checks a code against the newest one sent to the phone. A code works once; five tries burn it.
 * Each try is counted before the comparison, atomically, so even parallel guesses get five comparisons in all.
 */
export async function consumeLoginCode(phone: string, code: string, now = new Date()): Promise<void> {
  const db = getDb();
  const [latest] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest) throw new ApiError(CODES.validation, SERVER_MSG.codeExpired);

  const [counted] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: smsCodes.attempts, codeHash: smsCodes.codeHash });
  if (!counted) throw new ApiError(CODES.rateLimited, SERVER_MSG.codeTooManyTries);

  const expected = Buffer.from(counted.codeHash, 'hex');
  const given = Buffer.from(hashCode(phone, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = MAX_CODE_ATTEMPTS - counted.attempts;
    throw new ApiError(left > 0 ? CODES.validation : CODES.rateLimited, SERVER_MSG.codeWrong(left));
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used.length) throw new ApiError(CODES.validation, SERVER_MSG.codeExpired);
}
