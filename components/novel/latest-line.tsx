import { IntentLink } from '@/components/ui/intent-link';

/**
 * 最新：{chapter title} {date} on a novel's page. The title is isolated in `<bdi>`: a right-to-left title would
 * otherwise take the neighbouring date into its run and show it reversed (docs/shell.md "Bidi and languages").
 */
export function LatestLine({ href, title, date, lang }: { href: string; title: string; date: string; lang: string }) {
  return (
    <p className="latest">
      最新：
      <IntentLink href={href}>
        <bdi lang={lang}>{title}</bdi>
      </IntentLink>
      <span className="muted small"> {date}</span>
    </p>
  );
}
