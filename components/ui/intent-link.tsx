import type { AnchorHTMLAttributes } from 'react';

/**
 * `prefetch={false}`: never prefetched, not even on intent (a link whose page must not be fetched before a tap).
 * `scroll={false}`: the page keeps its scroll position when the link is followed. `replace`: the page takes the
 * place of this one in the history (a tab of the same list), instead of being added after it.
 */
type IntentLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  prefetch?: false;
  scroll?: false;
  replace?: true;
};

/**
 * A link of the reader's pages: a plain `<a>`, with no client code of its own. The navigator the layout mounts
 * once (`LinkNavigator`, components/ui/link-navigator.tsx) turns a tap on it into the app router's navigation and
 * prefetches its page when a finger, a pointer or the keyboard's focus comes to it, a tenth of a second before the
 * tap, rather than when it scrolls into view. A page's first screen holds dozens of links (home some seventy): as
 * Next's `<Link>`, each was three components for React to hydrate on load, and their payloads were fetched as
 * they came into view (docs/architecture.md "What a page runs at load"). Before the navigator is there, or where
 * no layout mounts one, the link is followed as any link is. ESLint's no-restricted-imports keeps `next/link` to the
 * console.
 */
export function IntentLink({ href, prefetch, scroll, replace, ...rest }: IntentLinkProps) {
  // The link's own attributes first and its address after them, in the order Next's <Link> wrote them.
  return (
    <a
      {...rest}
      href={href}
      data-intent={prefetch === false ? 'no-prefetch' : 'prefetch'}
      data-scroll={scroll === false ? 'keep' : undefined}
      data-history={replace ? 'replace' : undefined}
    />
  );
}
