'use client';

import Link from 'next/link';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, type ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

/**
 * A link whose page is prefetched when a finger or a pointer comes to it (touch, hover, keyboard focus) rather than
 * when it scrolls into view. A page whose first screen holds a dozen links (the novel page) otherwise fetched and
 * parsed a dozen payloads while it loaded — the main thread's work a reader waits through before a tap answers
 * (docs/reading.md "Novel page's first screen"). The touch comes a tenth of a second before the tap: the navigation
 * still starts from a payload on its way.
 */
export function IntentLink({ href, onTouchStart, onMouseEnter, onFocus, ...rest }: IntentLinkProps) {
  // The router's context rather than useRouter(): a link rendered outside the app router (a component test) is
  // still a link, with nothing to prefetch into.
  const router = useContext(AppRouterContext);
  const prefetch = () => router?.prefetch(href);
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
