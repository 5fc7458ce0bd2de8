/**
 * The shapes the fan page reads from the reward calls (docs/gifts-votes-pages.md), as the browser sees them. The
 * server's own types live in lib/server/social; these mirror the fields the page uses, so client modules need not
 * import server code.
 */

/** GET /v1/novels/{nid}/fans: one fan, ranked by fan value. */
export interface FanEntry {
  member_id: number;
  nickname: string;
  headimgurl: string;
  value: number;
  level: number;
  title: string;
  ranking: number;
}

/** GET /v1/novels/{nid}/tippers/top/{n} */
export interface TopTipperDto {
  member_id: number;
  nickname: string;
  headimgurl: string;
  welth: number;
  ranking: number;
  fan_title?: string;
}

/** GET /v1/novels/{nid}/tips: one tip record. */
export interface TipRecordDto {
  id: number;
  nid: number;
  mid: number;
  nickname: string;
  giftname: string;
  giftamount: number;
  giftimgurl: string;
  headimgurl: string;
  createdat: string;
  ranking: number;
  fan_title?: string;
}

/** GET /v1/novels/{nid}/tips/sum */
export interface TipsSum {
  sum: number;
  count: number;
}

/** A paged list as these calls answer it. */
export interface RewardPage<T> {
  data: T[];
  hasmore: boolean;
  total?: number;
}
