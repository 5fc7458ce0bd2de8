'use client';

import { usePathname } from 'next/navigation';
import { IntentLink } from '@/components/ui/intent-link';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { matchRoute } from '@/lib/shared/routes';

const tabs = [
  { href: '/m', label: '首页', icon: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z' },
  { href: '/m/library', label: '书库', icon: 'M4 4h4v16H4zM10 4h4v16h-4zM16 5l3.5-1 2.5 15.5-3.5 1z' },
  { href: '/m/shelf', label: '书架', icon: 'M5 3h11a3 3 0 0 1 3 3v15l-4-2-4 2-4-2-2 1z' },
  { href: '/m/my', label: '我的', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7z' },
] as const;

/** Tabs a signed-out reader cannot open: the route guard answers them with a redirect to sign-in. */
const loginGuarded = new Set<string>(tabs.filter((t) => matchRoute(t.href)?.access === 'login').map((t) => t.href));

/** 免费 and 排行 open inside home's tab strip (docs/shell.md "Back-and-title bar"): 首页 stays lit there. */
const HOME_STRIP = new Set(['/m', '/m/free', '/m/ranks']);

function isActive(pathname: string, href: string): boolean {
  return href === '/m' ? HOME_STRIP.has(pathname) : pathname === href || pathname.startsWith(`${href}/`);
}

export function TabBar() {
  const pathname = usePathname();
  const signedIn = useSignedIn();
  // The reader and the listen page are full screen: their own bars replace the tabs.
  if (pathname.startsWith('/m/read/') || pathname.startsWith('/m/listen/')) return null;
  return (
    <nav className="tab-bar" aria-label="主导航">
      {tabs.map((tab) => {
        const active = isActive(pathname, tab.href);
        // A tab's page is prefetched when a finger comes to it, as every link's is: not four payloads fetched and
        // parsed while the page loads (docs/operations.md "Prefetch"). 书架/我的 for a signed-out reader would
        // fetch only a redirect to sign-in; the tap itself still works and lands there.
        const prefetch = !signedIn && loginGuarded.has(tab.href) ? false : undefined;
        return (
          <IntentLink
            key={tab.href}
            href={tab.href}
            prefetch={prefetch}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d={tab.icon} fill="currentColor" />
            </svg>
            <span>{tab.label}</span>
          </IntentLink>
        );
      })}
    </nav>
  );
}
