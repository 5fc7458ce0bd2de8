import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { COOKIE, HEADER } from '@/lib/shared/cookies';
import type { AbCheckDto } from '@/lib/shared/dto/games';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { experimentConversions, experimentExposures, experiments } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { bucketOf, variantFor } from './bucket';

const TRACKING_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Who an experiment sees (docs/experiments.md "Subjects and bucketing"): 'm:<id>' for a member, else 'v:<tracking id>' from the
 * zaid cookie (or the x-zaid header the fetcher sends); null when there is neither.
 */
export function experimentSubject(req: NextRequest, memberId: number | null): string | null {
  if (memberId) return `m:${memberId}`;
  const zaid = req.cookies.get(COOKIE.tracking)?.value ?? req.headers.get(HEADER.zaid) ?? '';
  return TRACKING_ID.test(zaid) ? `v:${zaid}` : null;
}

/**
 * GET /v1/laboratory/ab_tests/check: the caller's variant. A running experiment gives the variant stored at the
 * subject's first exposure, or picks one by bucket and stores it (one row per subject, whatever the race); a
 * stopped one gives its first variant (the control) and records nothing. `record: false` answers the bucket's variant
 * without storing a new exposure.
 */
export async function checkExperiment(key: string, subject: string | null, { record = true } = {}): Promise<AbCheckDto> {
  if (!subject) throw invalid(SERVER_MSG.experimentSubjectMissing);
  const db = getDb();
  const [exp] = await db.select().from(experiments).where(eq(experiments.key, key));
  if (!exp) throw notFound(SERVER_MSG.experimentNotFound);
  if (exp.status !== 'running') return { key, variant: exp.variants[0]!.key, running: false };
  const stored = async () =>
    (
      await db
        .select({ variant: experimentExposures.variant })
        .from(experimentExposures)
        .where(and(eq(experimentExposures.experimentId, exp.id), eq(experimentExposures.subject, subject)))
    )[0]?.variant;
  const before = await stored();
  if (before) return { key, variant: before, running: true };
  const picked = variantFor(exp.variants, bucketOf(key, subject)).key;
  // Not recorded (a visitor past the per-address limit): the same bucket's variant, no exposure stored.
  if (!record) return { key, variant: picked, running: true };
  const [inserted] = await db
    .insert(experimentExposures)
    .values({ experimentId: exp.id, subject, variant: picked })
    .onConflictDoNothing()
    .returning({ variant: experimentExposures.variant });
  return { key, variant: inserted?.variant ?? (await stored()) ?? picked, running: true };
}

/**
 * A conversion, recorded by the server where it happens: once per exposed subject of a running experiment, for the
 * variant that subject was shown. Quietly nothing for a subject never exposed, or an experiment stopped or absent.
 */
export async function recordConversion(key: string, subject: string | null): Promise<boolean> {
  if (!subject) return false;
  const db = getDb();
  const [row] = await db
    .select({ id: experiments.id, status: experiments.status, variant: experimentExposures.variant })
    .from(experiments)
    .innerJoin(experimentExposures, and(eq(experimentExposures.experimentId, experiments.id), eq(experimentExposures.subject, subject)))
    .where(eq(experiments.key, key));
  if (!row || row.status !== 'running') return false;
  const done = await db
    .insert(experimentConversions)
    .values({ experimentId: row.id, subject, variant: row.variant })
    .onConflictDoNothing()
    .returning({ id: experimentConversions.id });
  return done.length > 0;
}
