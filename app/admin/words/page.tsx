import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { categoryLabel, WORD_CATEGORIES, WORD_CATEGORY_KEYS } from '@/lib/server/moderation/categories';
import { listWords } from '@/lib/server/moderation/words';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, one, Pager, pageNumber, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.words };

// /admin/words?q&category&page: the sensitive-word list (docs/moderation.md "Word list").
export default async function WordsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('words');
  const query = await searchParams;
  const flash = readFlash(query);
  const q = (one(query.q) ?? '').slice(0, 64);
  const category = WORD_CATEGORY_KEYS.find((k) => k === one(query.category));
  const page = pageNumber(query.page);
  const { rows, hasMore, total } = await listWords({ q, category, page });
  const params = new URLSearchParams(
    Object.entries({ q, category: category ?? '', page: page > 1 ? String(page) : '' }).filter(([, v]) => v),
  );
  const back = `/admin/words${params.size ? `?${params}` : ''}`;
  const W = T.words;
  return (
    <ConsoleShell staff={staff} current="words" flash={flash}>
      <h1>{W.heading}</h1>
      <form method="post" action="/admin/actions/words" className="filters">
        <input type="hidden" name="op" value="add" />
        <input type="hidden" name="back" value={back} />
        <label>
          {W.word}
          <input name="word" required maxLength={64} />
        </label>
        <label>
          {W.category}
          <select name="category" defaultValue="ads">
            {WORD_CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {WORD_CATEGORIES[k].label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {W.action}
          <select name="action" defaultValue="">
            <option value="">{W.actionDefault}</option>
            <option value="block">{W.actions.block}</option>
            <option value="review">{W.actions.review}</option>
          </select>
        </label>
        <button type="submit">{W.add}</button>
      </form>
      <p className="meta">
        {W.defaults}：
        {WORD_CATEGORY_KEYS.map((k) => `${WORD_CATEGORIES[k].label}→${W.actions[WORD_CATEGORIES[k].defaultAction]}`).join('，')}
      </p>
      <form method="get" action="/admin/words" className="filters">
        <input name="q" defaultValue={q} aria-label={W.search} maxLength={64} />
        <select name="category" defaultValue={category ?? ''} aria-label={W.category}>
          <option value="">{W.all}</option>
          {WORD_CATEGORY_KEYS.map((k) => (
            <option key={k} value={k}>
              {WORD_CATEGORIES[k].label}
            </option>
          ))}
        </select>
        <button type="submit" className="secondary">
          {W.search}
        </button>
        <span className="meta">{W.total(total)}</span>
      </form>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{W.word}</th>
              <th>{W.category}</th>
              <th>{W.action}</th>
              <th>{T.audit.time}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.id}>
                <td>{w.word}</td>
                <td>{categoryLabel(w.category)}</td>
                <td>{W.actions[w.action] ?? w.action}</td>
                <td>{formatTime(w.createdAt)}</td>
                <td>
                  <form method="post" action="/admin/actions/words">
                    <input type="hidden" name="op" value="delete" />
                    <input type="hidden" name="id" value={w.id} />
                    <input type="hidden" name="back" value={back} />
                    <button type="submit" className="danger" aria-label={`${W.delete} ${w.word}`}>
                      {W.delete}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager base="/admin/words" query={{ q, category }} page={page} hasMore={hasMore} />
    </ConsoleShell>
  );
}
