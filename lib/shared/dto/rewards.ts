/** Gifts, tips, fan standing, vote tickets and competitions as the API answers them (docs/gifts-votes.md). */

export interface GiftDto {
  id: number;
  title: string;
  thumb: string;
  /** Coins per unit; 0 for the free gift. */
  wealth: number;
  /** The free gift was already sent today (business day, Asia/Shanghai); always false for paid gifts. */
  is_free_used: boolean;
}

export interface FanStanding {
  novel_id: number;
  value: number;
  coins: number;
  tickets: number;
  level: number;
  title: string;
  /** Place on the novel's fan list (1 = biggest fan), null before the member has any fan value. */
  ranking: number | null;
}

/** POST /v1/novels/{nid}/tips */
export interface TipResult {
  gift_wealth: number;
  gift_amount: number;
  welth: number;
  welth_coupon: number;
  fan: FanStanding;
}

export interface TicketLotDto {
  id: number;
  source: 'spend' | 'vip' | 'mission' | 'activity' | 'staff';
  amount: number;
  remaining: number;
  expires_at: string;
}

/** GET /v1/my/tickets */
export interface TicketsDto {
  tickets: number;
  /** Paid coins spent this month and how many more earn the next ticket. */
  month_coins: number;
  coins_to_next: number;
  lots: TicketLotDto[];
}

export interface CompetitionDto {
  id: number;
  name: string;
  description: string;
  starts_at: string;
  ends_at: string;
  language_type: number | null;
}

/** GET /v1/competitions/novel/{nid}/vote_status */
export interface VoteStatus {
  competition: CompetitionDto | null;
  tickets: number;
  cap: number;
  cap_left: number;
  novel_votes: number;
  novel_rank: number | null;
}

/** POST /v1/competitions/novel/{nid}/votes */
export interface VoteResult {
  amount: number;
  tickets: number;
  cap_left: number;
  /** False when the vote is held back from leaderboards (a new member who has not paid yet). */
  counted: boolean;
  novel_votes: number;
  novel_rank: number | null;
}

export interface LeaderboardEntry {
  rank: number;
  novel_id: number;
  title: string;
  thumb: string;
  author: string;
  votes: number;
}

/** GET /v1/competitions/{id} and /v1/competitions/current */
export interface CompetitionBoard extends CompetitionDto {
  data: LeaderboardEntry[];
  hasmore: boolean;
}

/** One novel's coin revenue in a month (GET /v1/admin/finance/revenue): coins members paid, by what they paid for. */
export interface NovelRevenue {
  novel_id: number;
  title: string;
  author_id: number;
  author: string;
  coins: number;
  chapter: number;
  book: number;
  gift: number;
}

export interface AuthorRevenue {
  author_id: number;
  author: string;
  coins: number;
  novels: number;
}

/** GET /v1/admin/finance/revenue?month=YYYY-MM (staff: finance and admin roles). */
export interface RevenueReport {
  month: string;
  /** The month's bounds in Asia/Shanghai, as instants. */
  from: string;
  to: string;
  coins: number;
  novels: NovelRevenue[];
  authors: AuthorRevenue[];
}
