import { IntentLink as Link } from '@/components/ui/intent-link';

/** Tabs that are links: the URL holds the tab, so a shared link shows the same view. */
export function StatusTabs<T extends string>({
  basePath,
  tabs,
  current,
  label,
}: {
  basePath: string;
  tabs: ReadonlyArray<readonly [T, string]>;
  current: T;
  label: string;
}) {
  return (
    <nav className="tabs w-tabs" aria-label={label}>
      {tabs.map(([value, text], i) => (
        <Link
          key={value}
          href={i === 0 ? basePath : `${basePath}?status=${value}`}
          className={value === current ? 'tab-link active' : 'tab-link'}
          aria-current={value === current ? 'page' : undefined}
          replace
          scroll={false}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}
