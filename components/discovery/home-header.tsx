import { IntentLink as Link } from '@/components/ui/intent-link';
import { FloatEntry } from '@/components/games/float-entry';
import type { LayoutPageDto } from '@/lib/server/catalog/layouts';
import type { LanguageType } from '@/lib/shared/constants';

/**
 * Home's title, search entry, 活动 entry and channel tabs: the gender channels, the audio tab (听书), free and ranks.
 * 免费 and 排行 are pages of their own that wear this same header (docs/shell.md "Back-and-title bar"), so every
 * tab of the strip opens inside it.
 */
export function HomeHeader({
  pages,
  current,
  languageType,
}: {
  pages: LayoutPageDto[];
  current: number | 'listen' | 'free' | 'ranks';
  languageType: LanguageType;
}) {
  const tab = (href: string, label: string, active: boolean, key = href) => (
    <Link key={key} href={href} className={active ? 'tab-link active' : 'tab-link'} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <>
      <header className="page-header">
        <h1 className="brand">书声</h1>
        <Link href={`/m/search?lang=${languageType}`} className="search-entry">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6-1.4 1.4-4.6-4.6A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
              fill="currentColor"
            />
          </svg>
          <span>搜索书名、作者</span>
        </Link>
        <FloatEntry />
      </header>
      <nav className="tabs" aria-label="频道">
        {pages.map((p) => tab(`/m?gender=${p.gender}&lang=${languageType}`, p.title, p.id === current, String(p.id)))}
        {tab(`/m?tab=listen&lang=${languageType}`, '听书', current === 'listen')}
        {tab(`/m/free?lang=${languageType}`, '免费', current === 'free')}
        {tab(`/m/ranks?lang=${languageType}`, '排行', current === 'ranks')}
      </nav>
    </>
  );
}
