import 'server-only';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { CompetitionDto } from '@/lib/shared/dto/rewards';
import { getDb } from '../db/client';
import { competitions } from '../db/schema';
import { competitionDto } from './votes';

const DAY_MS = 24 * 3600 * 1000;
/** 活动中心 shows a competition from a month before it starts until a week after it ends (docs/activity-pages.md). */
const SHOW_BEFORE_MS = 30 * DAY_MS;
const SHOW_AFTER_MS = 7 * DAY_MS;

/** The competitions of this language 活动中心 lists, the latest to start first, at most three. */
export async function listCompetitionsAround(languageType: number, now = new Date()): Promise<CompetitionDto[]> {
  const rows = await getDb()
    .select()
    .from(competitions)
    .where(
      and(
        eq(competitions.active, true),
        lt(competitions.startsAt, new Date(now.getTime() + SHOW_BEFORE_MS)),
        gt(competitions.endsAt, new Date(now.getTime() - SHOW_AFTER_MS)),
        or(isNull(competitions.languageType), eq(competitions.languageType, languageType)),
      ),
    )
    .orderBy(desc(competitions.startsAt), desc(competitions.id))
    .limit(3);
  return rows.map(competitionDto);
}
