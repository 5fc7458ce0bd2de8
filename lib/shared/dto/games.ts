/** One H5 game as the reader sees it (docs/games.md "Games"); `href` is the recorded click, never the raw address. */
export interface GameDto {
  id: number;
  name: string;
  icon: string;
  art: string | null;
  description: string;
  category: string;
  href: string;
}

/** GET /v1/games. */
export interface GamesPage {
  list: GameDto[];
  has_more: boolean;
  /** The member closed game recommendations (or has ad removal): the list is empty on purpose. */
  hidden: boolean;
  /** A paid member who has not answered "close game recommendations?" yet: ask once. */
  ask_hide: boolean;
  /** For a signed-in member without VIP: the 9.9 permanent ad removal product to offer instead. */
  ad_removal_pid: number | null;
}

/** GET /v1/novel_test: a novel in its reader test window, with what readers did with it so far. */
export interface NovelTestDto {
  novel_id: number;
  title: string;
  thumb: string;
  author: string;
  summary: string;
  starts_at: string;
  ends_at: string;
  readers: number;
  continued: number;
  /** continued / readers, 0–1 with 3 decimals; 0 with no readers. */
  continue_rate: number;
  favorites: number;
}

/** GET /v1/laboratory/ab_tests/check. */
export interface AbCheckDto {
  key: string;
  variant: string;
  running: boolean;
}

/** The promotion popup's copy experiment (docs/experiments.md "Promotion popup copy"). */
export const PROMO_COPY_EXPERIMENT = 'promotion_popup_copy';
export type PromoCopyVariant = 'control' | 'bonus';

/** POST /v1/my/settings answer. */
export interface MySettingsDto {
  hide_games: boolean;
}
