'use client';

import Link from 'next/link';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, type ComponentProps } from 'react';

/** `prefetch={false}`: never prefetched, not even on intent (a link whose page must not be fetched before a tap). */
type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string; prefetch?: false };

/**
 * A link whose page is prefetched when a finger or a pointer comes to it (touch, hover, keyboard focus) rather than
 * when it scrolls into view. A page whose first screen holds a dozen links (the novel page) otherwise fetched and
 * parsed a dozen payloads while it loaded — the main thread's work a reader waits through before a tap answers
 * (docs/reading.md "Novel page's first screen"). The touch comes a tenth of a second before the tap: the navigation
 * still starts from a payload on its way. Every link of the reader's pages is one of these (ESLint's
 * no-restricted-imports keeps `next/link` to the tab bar, whose four tabs are prefetched as Next does, and the console):
 * home's first screen prefetched some twenty payloads as it loaded (docs/architecture.md "What a page runs at load").
 */
export function IntentLink({ href, prefetch: allowed, onTouchStart, onMouseEnter, onFocus, ...rest }: IntentLinkProps) {
  // The router's context rather than useRouter(): a link rendered outside the app router (a component test) is
  // still a link, with nothing to prefetch into.
  const router = useContext(AppRouterContext);
  const prefetch = () => {
    if (allowed !== false) router?.prefetch(href);
  };
  return (
    <Link
      href={href}
      prefetch={false}
      onTouchStart={(e) => {
        onTouchStart?.(e);
        prefetch();
      }}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        prefetch();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        prefetch();
      }}
      {...rest}
    />
  );
}
