import 'server-only';
import type { PageViewBody } from '@/lib/shared/schemas/ops';
import { getDb } from '../db/client';
import { pageViews } from '../db/schema';

/**
 * Stores the location just opened; the time spent on the previous one rides along, since it is only
 * known when the reader leaves it.
 */
export async function recordPageView(
  input: PageViewBody,
  ctx: { memberId: number | null; visitorId: string | null },
): Promise<{ id: number }> {
  const db = getDb();
  const visitorId = input.visitor_id ?? ctx.visitorId;
  const rows: Array<typeof pageViews.$inferInsert> = [];
  if (input.previous_path && input.previous_duration_ms !== undefined) {
    rows.push({ path: input.previous_path, durationMs: input.previous_duration_ms, memberId: ctx.memberId, visitorId });
  }
  rows.push({ path: input.path, referrer: input.referrer ?? null, memberId: ctx.memberId, visitorId });
  const inserted = await db.insert(pageViews).values(rows).returning({ id: pageViews.id });
  return { id: inserted.at(-1)!.id };
}
