import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from '../_components/shell';
import { SURFACES, SurfaceTabs } from './_components/parts';

export const metadata: Metadata = { title: T.nav.storefront };

// /admin/storefront: what the reader's discovery pages show, one sub-page per surface (docs/storefront.md).
export default async function StorefrontIndexPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const flash = readFlash(await searchParams);
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <h1>{S.heading}</h1>
      <SurfaceTabs />
      <p className="meta">{S.note}</p>
      <ul className="stack">
        {SURFACES.map((s) => (
          <li key={s} className="item">
            <a href={`/admin/storefront/${s}`}>
              <strong>{S.sections[s].title}</strong>
            </a>
            <p className="meta">{S.sections[s].note}</p>
          </li>
        ))}
        <li className="item">
          <strong>{S.sections.rankings.title}</strong>
          <p className="meta">{S.sections.rankings.note}</p>
        </li>
      </ul>
    </ConsoleShell>
  );
}
