import { formatBusinessTime } from '@/lib/shared/business-time';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import type { Flash } from '@/lib/server/staff/flash';
import type { PageStaff } from '@/lib/server/staff/page-session';

type Section = keyof typeof T.nav;

const LINKS: { key: Section; href: string; permission: Parameters<PageStaff['can']>[0] }[] = [
  { key: 'dashboard', href: '/admin', permission: 'dashboard' },
  { key: 'moderation', href: '/admin/moderation', permission: 'moderation' },
  { key: 'words', href: '/admin/words', permission: 'words' },
  { key: 'announcements', href: '/admin/announcements', permission: 'announcements' },
  { key: 'finance', href: '/admin/finance', permission: 'finance' },
  { key: 'activity', href: '/admin/activity', permission: 'activity' },
  { key: 'games', href: '/admin/games', permission: 'games' },
  { key: 'experiments', href: '/admin/experiments', permission: 'experiments' },
  { key: 'ads', href: '/admin/ads', permission: 'ads' },
  { key: 'storefront', href: '/admin/storefront', permission: 'storefront' },
  { key: 'selling', href: '/admin/selling', permission: 'selling' },
  { key: 'sellingMoney', href: '/admin/selling/money', permission: 'selling:money' },
  { key: 'audit', href: '/admin/audit', permission: 'audit:own' },
  { key: 'staff', href: '/admin/staff', permission: 'staff' },
  { key: 'members', href: '/admin/members', permission: 'members' },
  { key: 'content', href: '/admin/content/novels', permission: 'content' },
  { key: 'contentImport', href: '/admin/content/import', permission: 'content' },
  { key: 'orders', href: '/admin/orders', permission: 'orders' },
  { key: 'listening', href: '/admin/listening', permission: 'listening' },
  { key: 'config', href: '/admin/config', permission: 'config' },
  { key: 'agreements', href: '/admin/agreements', permission: 'config' },
  { key: 'account', href: '/admin/account', permission: 'dashboard' },
];

/** The console frame: navigation for what this role may open, who is signed in, sign-out, the flash line. */
export function ConsoleShell({
  staff,
  current,
  flash,
  children,
}: {
  staff: PageStaff;
  current: Section;
  flash: Flash | null;
  children: React.ReactNode;
}) {
  return (
    <>
      <header className="console-top">
        <strong>{T.title}</strong>
        <nav>
          {LINKS.filter((l) => staff.can(l.permission)).map((l) => (
            <a key={l.key} href={l.href} aria-current={l.key === current ? 'page' : undefined}>
              {T.nav[l.key]}
            </a>
          ))}
        </nav>
        <span className="console-who">
          {staff.displayName} · {T.roles[staff.role] ?? staff.role}
        </span>
        <form method="post" action="/admin/actions/logout">
          <button type="submit">{T.logout}</button>
        </form>
      </header>
      <main className="console-main">
        {flash ? (
          <p className={`flash flash-${flash.kind}`} role={flash.kind === 'err' ? 'alert' : 'status'}>
            {flash.text}
          </p>
        ) : null}
        {children}
      </main>
    </>
  );
}

/** Previous/next links that keep the page's other query parameters. */
export function Pager({
  base,
  query,
  page,
  hasMore,
}: {
  base: string;
  query: Record<string, string | undefined>;
  page: number;
  hasMore: boolean;
}) {
  const href = (p: number) => {
    const params = new URLSearchParams(Object.entries({ ...query, page: String(p) }).filter((e): e is [string, string] => Boolean(e[1])));
    return `${base}?${params}`;
  };
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label={T.page(page)}>
      {page > 1 ? <a href={href(page - 1)}>{T.prev}</a> : null}
      <span>{T.page(page)}</span>
      {hasMore ? <a href={href(page + 1)}>{T.next}</a> : null}
    </nav>
  );
}

/** Business time "YYYY-MM-DD HH:mm", as the rest of the product shows times. */
export function formatTime(date: Date | null): string {
  return date ? formatBusinessTime(date) : '';
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function one(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function pageNumber(value: string | string[] | undefined): number {
  const n = Number(one(value));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
