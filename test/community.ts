import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import { chapters, comments } from '@/lib/server/db/schema';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS, type CommunityRules } from '@/lib/shared/config-flags';
import type { Comment, CommentPage } from '@/lib/shared/dto/community';
import { GET as listRoute } from '@/app/v1/novels/comments/route';
import { GET as countRoute } from '@/app/v1/novels/comments/count/route';
import { GET as repliesRoute } from '@/app/v1/novels/comments/replies/route';
import { POST as doComments } from '@/app/v1/novels/do_comments/route';
import { POST as doReplies } from '@/app/v1/novels/comments/do_replies/route';
import { POST as userAction } from '@/app/v1/novels/comments/user_action/route';

/** Community tests' helpers: the calls with a member's headers, and the limits set for a test. */

export type Member = Awaited<ReturnType<typeof signedInMember>>;
type Auth = Member | null;
const headers = (m: Auth) => (m ? m.auth : undefined);

/** Runs with these community limits (the rest default); interval 0 unless the test is about the interval. */
export function useRules(rules: Partial<CommunityRules>): void {
  beforeEach(() => setCachedFlags({ ...DEFAULT_FLAGS, community: { ...DEFAULT_FLAGS.community, comment_interval_s: 0, ...rules } }));
  afterEach(() => setCachedFlags(undefined));
}

export function qs(q: Record<string, string | number | undefined>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
}

export const list = (m: Auth, q: Record<string, string | number | undefined>) =>
  callRoute<CommentPage>(listRoute, { url: `/v1/novels/comments?${qs(q)}`, headers: headers(m) });
export const countOf = (m: Auth, q: Record<string, string | number | undefined>) =>
  callRoute<{ count: number; paragraphs?: Record<string, number>; indexes?: Record<string, number>; orphans?: number }>(countRoute, {
    url: `/v1/novels/comments/count?${qs(q)}`,
    headers: headers(m),
  });
export const replies = (m: Auth, q: Record<string, string | number | undefined>) =>
  callRoute<CommentPage>(repliesRoute, { url: `/v1/novels/comments/replies?${qs(q)}`, headers: headers(m) });
export const post = (m: Auth, body: unknown) =>
  callRoute<Comment>(doComments, { method: 'POST', url: '/v1/novels/do_comments', body, headers: headers(m) });
export const reply = (m: Auth, body: unknown) =>
  callRoute<Comment>(doReplies, { method: 'POST', url: '/v1/novels/comments/do_replies', body, headers: headers(m) });
export const act = (m: Auth, body: unknown) =>
  callRoute<{ likes: number; liked: boolean; reported: boolean }>(userAction, {
    method: 'POST',
    url: '/v1/novels/comments/user_action',
    body,
    headers: headers(m),
  });

/** A chapter of a seeded novel by its position (novel 1: chapters 1–20 free, the rest paid). */
export async function chapterAt(novelId: number, idx: number) {
  const [row] = await getDb()
    .select()
    .from(chapters)
    .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)));
  return row!;
}

export async function commentRow(id: number) {
  const [row] = await getDb().select().from(comments).where(eq(comments.id, id));
  return row!;
}

export async function commentTotal(): Promise<number> {
  return (await getDb().select({ id: comments.id }).from(comments)).length;
}

/** A text no other test posts (the duplicate-text refusal compares the member's last 24 hours). */
let serial = 0;
export const text = (label = '评论') => `${label}${++serial}：写得真好，期待后续`;

/**
 * A member whose account is `days` old (3 by default): past the first day, so their reports count toward hiding and
 * the established daily cap applies (docs/community.md "Report weighting", "Limits").
 */
export const established = (days = 3, values: Parameters<typeof signedInMember>[0] = {}) =>
  signedInMember({ createdAt: new Date(Date.now() - days * 86_400_000), ...values });

export { signedInMember };
