import type { Metadata } from 'next';
import { readLang } from '@/lib/shared/page-params';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { consoleHotWords } from '@/lib/server/staff/storefront/hot-words';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { OpButton, SurfaceHeader } from '../_components/parts';

export const metadata: Metadata = { title: S.sections.hotwords.title };

const ACTION = '/admin/actions/storefront/hotwords';

// /admin/storefront/hotwords?lang=: the search page's hot words in the order readers see them (docs/storefront.md
// "Hot words").
export default async function StorefrontHotWordsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const query = await searchParams;
  const flash = readFlash(query);
  const lang = readLang(query.lang);
  const words = await consoleHotWords(lang);
  const back = `/admin/storefront/hotwords?lang=${lang}`;
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <SurfaceHeader surface="hotwords" lang={lang} />
      <p className="meta">{S.pinnedNote}</p>
      <form method="post" action={ACTION} className="item actions">
        <input type="hidden" name="op" value="add" />
        <input type="hidden" name="language_type" value={lang} />
        <input type="hidden" name="back" value={back} />
        <label>
          {S.word} <input name="word" required maxLength={64} />
        </label>
        <label>
          {S.pinned} <input name="pinned" type="number" min={-100000} max={100000} step={1} defaultValue={100} required />
        </label>
        <button type="submit">{S.addWord}</button>
      </form>
      {words.length ? null : <p className="meta">{S.empty}</p>}
      <ol className="stack">
        {words.map((w) => (
          <li key={w.id} className="item" data-testid={`hotword-${w.id}`}>
            <div className="meta">
              <strong>{w.word}</strong>
              <span>
                {S.searches} {w.searches}
              </span>
            </div>
            <div className="actions">
              <form method="post" action={ACTION}>
                <input type="hidden" name="op" value="pinned" />
                <input type="hidden" name="id" value={w.id} />
                <input type="hidden" name="back" value={back} />
                <label>
                  {S.pinned} <input name="pinned" type="number" min={-100000} max={100000} step={1} defaultValue={w.pinned} required />
                </label>
                <button type="submit" aria-label={`${S.save} ${w.word}`}>
                  {S.save}
                </button>
              </form>
              <OpButton action={ACTION} fields={{ op: 'delete', id: w.id, back }} label={S.remove} aria={`${S.remove} ${w.word}`} danger />
            </div>
          </li>
        ))}
      </ol>
    </ConsoleShell>
  );
}
