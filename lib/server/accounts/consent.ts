import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import {
  AGREEMENT_KINDS,
  type AgreedVersions,
  type AgreementKind,
  type ConsentChannel,
  type CurrentAgreements,
} from '@/lib/shared/agreements';
import { CODES } from '@/lib/shared/dto/envelope';
import { agreedVersionsSchema } from '@/lib/shared/schemas/accounts';
import { MSG } from '@/lib/shared/messages';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { memberConsents } from '../db/schema';
import { ApiError, invalid } from '../core/errors';
import { currentAgreements } from './agreements';

/**
 * The one place sign-in asks for agreement (docs/agreements.md "Agreeing at sign-in"). Every sign-in service — SMS,
 * guest, third-party — calls `requireCurrentConsent` before it writes anything and `recordConsent` in its
 * transaction; the re-consent call uses both too.
 */

/**
 * The versions the client says the member agreed to, checked against the versions in force: missing or malformed
 * → 400 请先阅读并同意…; an older version that exists → 409 …已更新，请重新阅读并同意 (the page was open while staff
 * published); any other number (a future or made-up version) → 400. Both refusals carry the current versions in
 * `data.agreements`, so a client can show them and ask again. Nothing is written either way.
 */
export async function requireCurrentConsent(agreed: unknown, now = new Date()): Promise<AgreedVersions> {
  const current = await currentAgreements(now);
  const data = { agreements: current };
  if (agreed === undefined || agreed === null) throw invalid(MSG.consentRequired, data);
  const parsed = agreedVersionsSchema.safeParse(agreed);
  if (!parsed.success) throw invalid(MSG.consentRequired, data);
  const stale = AGREEMENT_KINDS.filter((k) => parsed.data[k] !== current[k].version);
  if (!stale.length) return parsed.data;
  const older = stale.every((k) => parsed.data[k] < current[k].version);
  if (older) throw new ApiError(CODES.conflict, MSG.consentOutdated, data);
  throw invalid(MSG.consentRequired, data);
}

/**
 * Writes one consent row per document for this member, in the caller's transaction. A version the member already
 * agreed to keeps its first row (a replayed re-consent or a second sign-in adds nothing).
 */
export async function recordConsent(
  tx: DbOrTx,
  memberId: number,
  versions: AgreedVersions,
  channel: ConsentChannel,
  ip: string | null | undefined,
  now = new Date(),
): Promise<void> {
  await tx
    .insert(memberConsents)
    .values(
      AGREEMENT_KINDS.map((kind) => ({ memberId, kind, version: versions[kind], channel, ip: ip?.slice(0, 64) ?? null, agreedAt: now })),
    )
    .onConflictDoNothing();
}

/** The newest version of each document this member agreed to (0: never). */
export async function agreedVersions(db: DbOrTx, memberId: number): Promise<AgreedVersions> {
  const rows = await db
    .select({ kind: memberConsents.kind, version: sql<number>`max(${memberConsents.version})::int` })
    .from(memberConsents)
    .where(eq(memberConsents.memberId, memberId))
    .groupBy(memberConsents.kind);
  const out: AgreedVersions = { user: 0, privacy: 0 };
  for (const r of rows) if (r.kind === 'user' || r.kind === 'privacy') out[r.kind] = Number(r.version);
  return out;
}

/** The documents whose version in force this member has not agreed to yet, in display order. */
export function dueKinds(agreed: AgreedVersions, current: CurrentAgreements): AgreementKind[] {
  return AGREEMENT_KINDS.filter((k) => agreed[k] < current[k].version);
}

export interface ConsentStatus {
  /** The documents to agree to again; empty when the member is up to date. */
  due: AgreementKind[];
  agreements: CurrentAgreements;
}

/** GET /v1/my/consent: what the re-consent sheet shows. */
export async function consentStatus(memberId: number, now = new Date()): Promise<ConsentStatus> {
  const [current, agreed] = await Promise.all([currentAgreements(now), agreedVersions(getDb(), memberId)]);
  return { due: dueKinds(agreed, current), agreements: current };
}

/**
 * POST /v1/my/consent: the signed-in member agrees to the versions in force (channel `re-consent`). Only ever for the
 * session's own member — the body names versions, never a member.
 */
export async function agreeAgain(memberId: number, agreed: unknown, ip: string | null, now = new Date()): Promise<ConsentStatus> {
  const versions = await requireCurrentConsent(agreed, now);
  await recordConsent(getDb(), memberId, versions, 're-consent', ip, now);
  return consentStatus(memberId, now);
}

/** The consent channel of a third-party provider: the messaging app's sign-in is told apart from the rest. */
export const oauthChannel = (provider: string): ConsentChannel => (provider === 'wechat' ? 'wechat' : 'oauth');

export interface ConsentRecord {
  kind: AgreementKind;
  version: number;
  channel: ConsentChannel;
  ip: string | null;
  agreedAt: Date;
}

/** Every consent row of a member, newest first (the console's member page). */
export async function consentRecords(memberId: number, limit = 100): Promise<ConsentRecord[]> {
  const rows = await getDb()
    .select()
    .from(memberConsents)
    .where(eq(memberConsents.memberId, memberId))
    .orderBy(desc(memberConsents.agreedAt), desc(memberConsents.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind as AgreementKind,
    version: r.version,
    channel: r.channel as ConsentChannel,
    ip: r.ip,
    agreedAt: r.agreedAt,
  }));
}

/** Whether the member behind a session has agreed to every version in force; used by withApi's header. */
export async function consentDueFor(memberId: number, now = new Date()): Promise<AgreementKind[]> {
  const [current, agreed] = await Promise.all([currentAgreements(now), agreedVersions(getDb(), memberId)]);
  return dueKinds(agreed, current);
}
