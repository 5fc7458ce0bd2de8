import 'server-only';
import { and, desc, asc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { CompetitionBoard, CompetitionDto, VoteResult, VoteStatus } from '@/lib/shared/dto/rewards';
import { TICKETS } from '@/lib/shared/rewards';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { assertNotInMinorsMode } from '../minors/mode';
import { rowsOf } from '../db/rows';
import { authors, competitions, members, novels, orders, votes } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { invalidateNow } from '../core/cache';
import { fansTag } from './fans';
import { businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';
import { addFanValue } from './fan-values';
import { movementExists, postMovement } from './ledger';
import { lockMemberWallet } from './spend';
import { grantVipTicketsIfDue, liveTickets, lockTicketAccount, takeTickets } from './tickets';

type CompetitionRow = typeof competitions.$inferSelect;

/** A competition as the pages show it (the vote modal, the board, 活动中心). */
export const competitionDto = (c: CompetitionRow): CompetitionDto => ({
  id: c.id,
  name: c.name,
  description: c.description,
  starts_at: c.startsAt.toISOString(),
  ends_at: c.endsAt.toISOString(),
  language_type: c.languageType,
});

/** The running competition novels of this language compete in: active, started, not ended; the latest to start. */
export async function activeCompetition(languageType: number, now = new Date(), db: DbOrTx = getDb()): Promise<CompetitionRow | null> {
  const [row] = await db
    .select()
    .from(competitions)
    .where(
      and(
        eq(competitions.active, true),
        lte(competitions.startsAt, now),
        gt(competitions.endsAt, now),
        or(isNull(competitions.languageType), eq(competitions.languageType, languageType)),
      ),
    )
    .orderBy(desc(competitions.startsAt), desc(competitions.id))
    .limit(1);
  return row ?? null;
}

/** Counted votes of one novel in one competition, and its place (null without counted votes). */
async function novelStanding(db: DbOrTx, competitionId: number, novelId: number): Promise<{ votes: number; rank: number | null }> {
  const [row] = await rowsOf<{ votes: string | number; ahead: string | number }>(
    db,
    sql`
    with totals as (select novel_id, sum(amount)::bigint as votes from votes where competition_id = ${competitionId} and counted group by novel_id),
    mine as (select coalesce((select votes from totals where novel_id = ${novelId}), 0) as votes)
    select mine.votes, (select count(*) from totals where totals.votes > mine.votes or (totals.votes = mine.votes and totals.novel_id < ${novelId})) as ahead
    from mine`,
  );
  const votesNow = Number(row?.votes ?? 0);
  return { votes: votesNow, rank: votesNow > 0 ? Number(row?.ahead ?? 0) + 1 : null };
}

/** Tickets this member cast for this novel in the calendar month of `now` (the per-novel cap counts these). */
async function castThisMonth(db: DbOrTx, memberId: number, novelId: number, now: Date): Promise<number> {
  const { start, end } = businessMonthBounds(businessMonthOf(now));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${votes.amount}), 0)`.mapWith(Number) })
    .from(votes)
    .where(and(eq(votes.memberId, memberId), eq(votes.novelId, novelId), gte(votes.createdAt, start), lt(votes.createdAt, end)));
  return row?.n ?? 0;
}

/**
 * Anti-farming (docs/gifts-votes.md "Anti-farming"): a member created less than TICKETS.newMemberHours ago who
 * has never paid an order casts votes that are kept but not counted on leaderboards until they pay.
 */
async function votesCount(tx: Tx, memberId: number, now: Date): Promise<boolean> {
  const [member] = await tx.select({ createdAt: members.createdAt }).from(members).where(eq(members.id, memberId));
  if (!member || member.createdAt.getTime() <= now.getTime() - TICKETS.newMemberHours * 3_600_000) return true;
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.status, 'paid')))
    .limit(1);
  return Boolean(paid);
}

/** Called in the payment notification's transaction: a held-back member has now paid, so their votes count. */
export async function countHeldBackVotes(tx: Tx, memberId: number): Promise<number> {
  const rows = await tx
    .update(votes)
    .set({ counted: true })
    .where(and(eq(votes.memberId, memberId), eq(votes.counted, false)))
    .returning({ id: votes.id });
  return rows.length;
}

/**
 * POST /v1/competitions/novel/{nid}/votes {amount} (docs/gifts-votes.md "Competitions"). This month's VIP grant
 * first if due (voting is one of the moments it is given), then one transaction under the
 * member's wallet lock, so parallel votes queue: the month's cap for this novel is checked against what is already
 * cast, tickets leave earliest-expiring lot first for the system account `votes` in one `vote` movement, and the
 * vote row and fan value are written with it. Idempotent on x-sig.
 */
export async function castVote(memberId: number, novelId: number, amount: number, sig?: string, now = new Date()): Promise<VoteResult> {
  const cap = TICKETS.perNovelMonthlyCap;
  // Tickets come from spending money: 青少年模式 votes with none (docs/minors-mode.md "No paying").
  await assertNotInMinorsMode(memberId, getDb(), now);
  // Before the wallet lock, so queued votes hold it as briefly as possible; the grant is idempotent by its key.
  await grantVipTicketsIfDue(memberId, now);
  const result = await getDb().transaction(async (t) => {
    const [novel] = await t
      .select({ isOffShelf: novels.isOffShelf, languageType: novels.languageType })
      .from(novels)
      .where(eq(novels.id, novelId));
    if (!novel) throw notFound(SERVER_MSG.novelNotFound);
    if (novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
    const competition = await activeCompetition(novel.languageType, now, t);
    if (!competition) throw new ApiError(CODES.conflict, SERVER_MSG.competitionNone);
    await lockMemberWallet(t, memberId);
    const { accountId } = await lockTicketAccount(t, memberId);
    const key = sig ? `${memberId}:${novelId}:${sig}` : undefined;
    if (key && (await movementExists(t, 'vote', key))) throw new ApiError(CODES.conflict, SERVER_MSG.duplicatePurchase);
    const used = await castThisMonth(t, memberId, novelId, now);
    if (used + amount > cap)
      throw new ApiError(CODES.conflict, SERVER_MSG.voteCapReached(cap, Math.max(0, cap - used)), {
        cap,
        cap_left: Math.max(0, cap - used),
      });
    const taken = await takeTickets(t, memberId, accountId, amount, now);
    if (!taken.legs)
      throw new ApiError(CODES.conflict, SERVER_MSG.ticketsShort(taken.usable, TICKETS.coinsPerTicket, TICKETS.vipMonthly), {
        tickets: taken.usable,
        amount,
        coins_per_ticket: TICKETS.coinsPerTicket,
        vip_monthly: TICKETS.vipMonthly,
      });
    const movement = await postMovement(t, {
      kind: 'vote',
      memberId,
      idempotencyKey: key,
      reference: `novel:${novelId}`,
      meta: { competition_id: competition.id, amount },
      legs: taken.legs,
    });
    const counted = await votesCount(t, memberId, now);
    await t.insert(votes).values({ competitionId: competition.id, novelId, memberId, amount, counted, txId: movement.id, createdAt: now });
    await addFanValue(t, memberId, novelId, { tickets: amount });
    return { competitionId: competition.id, counted, capLeft: cap - used - amount };
  });
  await invalidateNow(fansTag(novelId));
  const [tickets, standing] = await Promise.all([liveTickets(memberId, now), novelStanding(getDb(), result.competitionId, novelId)]);
  return {
    amount,
    tickets,
    cap_left: result.capLeft,
    counted: result.counted,
    novel_votes: standing.votes,
    novel_rank: standing.rank,
  };
}

/** GET /v1/competitions/novel/{nid}/vote_status: the running competition, the member's tickets and cap left (guests: 0). */
export async function getVoteStatus(memberId: number | null, novelId: number, now = new Date()): Promise<VoteStatus> {
  const [novel] = await getDb().select({ languageType: novels.languageType }).from(novels).where(eq(novels.id, novelId));
  if (!novel) throw notFound(SERVER_MSG.novelNotFound);
  const competition = await activeCompetition(novel.languageType, now);
  const cap = TICKETS.perNovelMonthlyCap;
  const [tickets, used, standing] = await Promise.all([
    memberId ? liveTickets(memberId, now) : 0,
    memberId ? castThisMonth(getDb(), memberId, novelId, now) : 0,
    competition ? novelStanding(getDb(), competition.id, novelId) : { votes: 0, rank: null },
  ]);
  return {
    competition: competition ? competitionDto(competition) : null,
    tickets,
    cap,
    cap_left: Math.max(0, cap - used),
    novel_votes: standing.votes,
    novel_rank: standing.rank,
  };
}

/** The leaderboard of one competition: counted votes per novel, most first (ties: lower novel id). */
async function board(competition: CompetitionRow, start: number, limit: number): Promise<CompetitionBoard> {
  const total = sql<number>`sum(${votes.amount})`.mapWith(Number);
  const rows = await getDb()
    .select({ novelId: votes.novelId, votes: total, title: novels.title, thumb: novels.thumb, author: authors.name })
    .from(votes)
    .innerJoin(novels, eq(novels.id, votes.novelId))
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .where(and(eq(votes.competitionId, competition.id), eq(votes.counted, true)))
    .groupBy(votes.novelId, novels.title, novels.thumb, authors.name)
    .orderBy(desc(sql`sum(${votes.amount})`), asc(votes.novelId))
    .offset(start)
    .limit(limit + 1);
  const data = rows.slice(0, limit).map((r, i) => ({
    rank: start + i + 1,
    novel_id: r.novelId,
    title: r.title,
    thumb: r.thumb,
    author: r.author,
    votes: r.votes,
  }));
  return { ...competitionDto(competition), data, hasmore: rows.length > limit };
}

/** GET /v1/competitions/{id}?start&limit */
export async function getCompetitionBoard(id: number, start: number, limit: number): Promise<CompetitionBoard> {
  const [competition] = await getDb().select().from(competitions).where(eq(competitions.id, id));
  if (!competition) throw notFound(SERVER_MSG.competitionNotFound);
  return board(competition, start, limit);
}

/** GET /v1/competitions/current?language_type: the running competition's board, or null when none runs. */
export async function getCurrentBoard(
  languageType: number,
  start: number,
  limit: number,
  now = new Date(),
): Promise<CompetitionBoard | null> {
  const competition = await activeCompetition(languageType, now);
  return competition ? board(competition, start, limit) : null;
}
