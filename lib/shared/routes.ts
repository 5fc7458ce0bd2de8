/**
 * The page routes (docs/accounts.md "Access table"), one row each: its access rule and whether the messaging-app browser forces
 * login there. proxy.ts sends any other page path to /m.
 */
export type Access = 'public' | 'login';

export interface RouteRule {
  pattern: RegExp;
  access: Access;
  /** Inside the messaging app (WeChat) login is forced here unless lazy auth is on. */
  wechatForced?: boolean;
}

const ID = '\\d{1,10}';

export const PAGE_ROUTES: RouteRule[] = [
  { pattern: /^\/m$/, access: 'public', wechatForced: true },
  { pattern: /^\/m\/my$/, access: 'login' },
  // 设置 → 账号与安全 → 注销账号, 下载我的数据 (docs/account-cancellation.md "The pages").
  { pattern: /^\/m\/my\/settings(\/account(\/(cancel|data))?)?$/, access: 'login' },
  { pattern: /^\/m\/(events|shelf|readlogs|gamelogs|coins|expenses|vouchers|downloads)$/, access: 'login' },
  { pattern: /^\/m\/mall\/(prizes|coupons|vouchers-inline)$/, access: 'login' },
  { pattern: /^\/m\/(free|lists|ranks|library|search)$/, access: 'public' },
  { pattern: new RegExp(`^/m/booklists/${ID}$`), access: 'public' },
  // A competition's leaderboard (docs/gifts-votes-pages.md "Competition board").
  { pattern: new RegExp(`^/m/competitions/${ID}$`), access: 'public' },
  { pattern: new RegExp(`^/m/novels/${ID}/(rewards|chapters|comments|end|off)$`), access: 'public' },
  { pattern: new RegExp(`^/m/novels/${ID}/comment$`), access: 'login' },
  { pattern: new RegExp(`^/m/(novels|authors)/${ID}$`), access: 'public', wechatForced: true },
  { pattern: new RegExp(`^/m/(read|show)/${ID}$`), access: 'public', wechatForced: true },
  { pattern: /^\/m\/report$/, access: 'login' },
  { pattern: /^\/m\/messages$/, access: 'login' },
  { pattern: /^\/m\/report\/success$/, access: 'public' },
  { pattern: /^\/m\/(oauth|login|vip|vip-m|games|float|guide|questions|miniapp)$/, access: 'public' },
  { pattern: new RegExp(`^/m/message/${ID}$`), access: 'public' },
  // The 用户协议 and 隐私政策 in force (docs/agreements.md "Pages"): readable before signing in.
  { pattern: /^\/m\/agreements\/(user|privacy)$/, access: 'public' },
  { pattern: new RegExp(`^/m/listen/${ID}$`), access: 'login' },
  // Without an article id the listen page only says 章节不存在 (docs/listening.md "Listen page").
  { pattern: /^\/m\/listen$/, access: 'login' },
  { pattern: /^\/m\/listen-ranks$/, access: 'login' },
  { pattern: /^\/blank$/, access: 'public' },
  // Destinations outside /m.
  { pattern: /^\/(bridge|follow)$/, access: 'public' },
  { pattern: /^\/recharge\/start$/, access: 'public' },
  { pattern: /^\/embedded\/my\/unblock$/, access: 'public' },
  { pattern: /^\/mall\/prize_wheel$/, access: 'public' },
  // A game card's recorded click, then the staff-entered address (docs/games.md "Games").
  { pattern: /^\/games\/go\/\d{1,10}$/, access: 'public' },
  { pattern: /^\/orders\/(create|failed)$/, access: 'public' },
  { pattern: /^\/pay\/sandbox\/\d{1,10}(\/(approve|cancel))?$/, access: 'public' },
  // A real provider's pay page, its return page and cancel (docs/payments.md "The pay page"): each checks the payer.
  { pattern: /^\/pay\/(wechat|alipay)\/\d{1,10}(\/(result|cancel))?$/, access: 'public' },
  { pattern: /^\/oauth\/(start|callback|local\/authorize|local\/approve)$/, access: 'public' },
];

export function matchRoute(pathname: string): RouteRule | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PAGE_ROUTES.find((r) => r.pattern.test(path));
}

/** Where a reader who must sign in is sent: OAuth inside social-app, messaging-app and short-video browsers. */
export function loginDestination(returnTo: string, inAppOAuth: boolean): string {
  return `${inAppOAuth ? '/m/oauth' : '/m/login'}?next=${encodeURIComponent(returnTo)}`;
}

/** Where a sign-in that withdrew a pending cancellation lands: 账号与安全 says so, with a link on to `next`. */
export const cancellationWithdrawnPath = (next: string) => `/m/my/settings/account?withdrawn=1&next=${encodeURIComponent(next)}`;
