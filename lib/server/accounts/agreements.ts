import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { AGREEMENT_KINDS, type AgreementHead, type AgreementKind, type CurrentAgreements } from '@/lib/shared/agreements';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { getDb } from '../db/client';
import { agreements } from '../db/schema';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { cachedRead, invalidateNow } from '../core/cache';
import { invalid, notFound } from '../core/errors';

/** Cache tag of every agreement read; a published version drops them at once (docs/agreements.md "Caching"). */
export const AGREEMENTS_TAG = 'agreements';

export const TITLE_MAX = 100;
export const BODY_MAX = 50_000;

interface HeadRow {
  kind: AgreementKind;
  version: number;
  title: string;
  effective_at: string;
}

/**
 * Every version's head (never the bodies): few rows, cached for everyone. The current version is picked from them
 * at call time, so a version set to take effect later becomes current on the minute without a cache drop.
 */
const versionHeads = cachedRead(
  'agreements:heads',
  async (): Promise<HeadRow[]> => {
    const rows = await getDb()
      .select({ kind: agreements.kind, version: agreements.version, title: agreements.title, effectiveAt: agreements.effectiveAt })
      .from(agreements)
      .orderBy(asc(agreements.kind), asc(agreements.version));
    return rows.map((r) => ({
      kind: r.kind as AgreementKind,
      version: r.version,
      title: r.title,
      effective_at: r.effectiveAt.toISOString(),
    }));
  },
  () => [AGREEMENTS_TAG],
);

/**
 * Every signed-in API call asks which documents are due, so the heads are also kept in this process for
 * HEADS_MEMO_MS: no cache round trip per request. A version published here drops the copy at once; one published on
 * another server is seen here within the memo's life (docs/agreements.md "Caching").
 */
const HEADS_MEMO_MS = 30_000;
let headsMemo: { until: number; heads: HeadRow[] } | null = null;
async function memoHeads(): Promise<HeadRow[]> {
  const clock = performance.now();
  if (headsMemo && clock < headsMemo.until) return headsMemo.heads;
  const heads = await versionHeads();
  headsMemo = { until: clock + HEADS_MEMO_MS, heads };
  return heads;
}

/**
 * The version of each document in force at `now`: the highest version whose effective time has come. The migration
 * ships version 1 of both (docs/agreements.md "Templates"), so both always exist.
 */
export async function currentAgreements(now = new Date()): Promise<CurrentAgreements> {
  const heads = await memoHeads();
  const pick = (kind: AgreementKind): AgreementHead => {
    let best: HeadRow | undefined;
    let first: HeadRow | undefined;
    for (const h of heads) {
      if (h.kind !== kind) continue;
      if (!first || h.version < first.version) first = h;
      if (Date.parse(h.effective_at) <= now.getTime() && (!best || h.version > best.version)) best = h;
    }
    // The first version has nothing before it: it is in force from the start, even for a clock read before the
    // migration stamped it (a server whose clock was set back, a test on a fixed date).
    best ??= first;
    // Only a database someone emptied by hand gets here: refuse sign-in loudly rather than take consent to nothing.
    if (!best) throw new Error(`no ${kind} agreement in force`);
    return { kind, version: best.version, title: best.title, effective_at: best.effective_at };
  };
  return { user: pick('user'), privacy: pick('privacy') };
}

export interface AgreementDoc extends AgreementHead {
  body: string;
}

/** The text of the current version (the public pages), cached by kind and version. */
const agreementBody = cachedRead(
  'agreements:body',
  async (kind: AgreementKind, version: number): Promise<string | null> => {
    const [row] = await getDb()
      .select({ body: agreements.body })
      .from(agreements)
      .where(and(eq(agreements.kind, kind), eq(agreements.version, version)))
      .limit(1);
    return row?.body ?? null;
  },
  (kind, version) => [AGREEMENTS_TAG, `agreement:${kind}:${version}`],
);

/** The document a reader opens at /m/agreements/{kind}: the version in force now. */
export async function currentAgreement(kind: AgreementKind, now = new Date()): Promise<AgreementDoc> {
  const head = (await currentAgreements(now))[kind];
  const body = await agreementBody(kind, head.version);
  if (body === null) throw notFound();
  return { ...head, body };
}

export interface AgreementVersionRow {
  id: number;
  kind: AgreementKind;
  version: number;
  title: string;
  body: string;
  effectiveAt: Date;
  createdAt: Date;
  createdBy: number | null;
}

/** Every version of one document, newest first, for the console (uncached: staff see what is stored). */
export async function agreementHistory(kind: AgreementKind): Promise<AgreementVersionRow[]> {
  const rows = await getDb().select().from(agreements).where(eq(agreements.kind, kind)).orderBy(desc(agreements.version));
  return rows.map((r) => ({ ...r, kind: r.kind as AgreementKind }));
}

const T = OPS_TEXT.agreements;

export interface PublishInput {
  kind: string;
  title: string;
  body: string;
  /** When it takes effect; empty means now. Never earlier than now: a version cannot have been agreed in the past. */
  effectiveAt?: Date | null;
}

/**
 * Publishes a new version of a document (docs/agreements.md "Console"): a new row numbered one above the last of its
 * kind, with a `config.agreement_publish` audit row in the same transaction. Numbering is serialized by a
 * transaction lock on the kind, so two staff saving at once get two versions, not a clash.
 */
export async function publishAgreement(
  actor: StaffActor,
  input: PublishInput,
  now = new Date(),
): Promise<{ kind: AgreementKind; version: number }> {
  assertCan(actor, 'config');
  if (!(AGREEMENT_KINDS as readonly string[]).includes(input.kind)) throw invalid(T.kindInvalid);
  const kind = input.kind as AgreementKind;
  const title = input.title.trim();
  const body = input.body.replace(/\r\n/g, '\n').trim();
  if (!title || title.length > TITLE_MAX) throw invalid(T.titleInvalid(TITLE_MAX));
  if (!body || body.length > BODY_MAX) throw invalid(T.bodyInvalid(BODY_MAX));
  const effectiveAt = input.effectiveAt ?? now;
  if (Number.isNaN(effectiveAt.getTime()) || effectiveAt.getTime() < now.getTime() - 60_000) throw invalid(T.effectiveInvalid);
  const version = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agreements'), hashtext(${kind}))`);
    const [last] = await tx
      .select({ version: agreements.version })
      .from(agreements)
      .where(eq(agreements.kind, kind))
      .orderBy(desc(agreements.version))
      .limit(1);
    const next = (last?.version ?? 0) + 1;
    const [row] = await tx
      .insert(agreements)
      .values({ kind, version: next, title, body, effectiveAt, createdBy: actor.id })
      .returning({ id: agreements.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'config.agreement_publish',
      targetType: 'agreement',
      targetId: row!.id,
      detail: { kind, version: next, title, effective_at: effectiveAt.toISOString() },
      ip: actor.ip,
    });
    return next;
  });
  headsMemo = null;
  invalidateNow(AGREEMENTS_TAG);
  return { kind, version };
}
