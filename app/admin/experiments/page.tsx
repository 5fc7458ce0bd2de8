import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { consoleExperiments, variantsText } from '@/lib/server/staff/experiments';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.experiments };

const BACK = '/admin/experiments';
const E = T.experiments;
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

// /admin/experiments: every experiment with exposures, conversions and rates per variant; created, reweighted,
// started and stopped by admins and editors (docs/experiments.md "Console").
export default async function ExperimentsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('experiments');
  const flash = readFlash(await searchParams);
  const list = await consoleExperiments();
  return (
    <ConsoleShell staff={staff} current="experiments" flash={flash}>
      <h1>{E.heading}</h1>
      <p className="meta">{E.note}</p>
      {list.length ? null : <p className="meta">{E.empty}</p>}
      {list.map((e) => (
        <article className="item" key={e.id} data-testid={`experiment-${e.key}`}>
          <div className="meta">
            <strong>{e.name}</strong>
            <code>{e.key}</code>
            <span className="badge">{e.status === 'running' ? E.running : E.stopped}</span>
            <span>{formatTime(e.updatedAt)}</span>
          </div>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{E.variant}</th>
                  <th scope="col">{E.weight}</th>
                  <th scope="col">{E.exposures}</th>
                  <th scope="col">{E.conversions}</th>
                  <th scope="col">{E.rate}</th>
                </tr>
              </thead>
              <tbody>
                {e.variants.map((v) => (
                  <tr key={v.key} data-testid={`variant-${e.key}-${v.key}`}>
                    <td>
                      {v.label} <code>{v.key}</code>
                    </td>
                    <td className="num">{v.weight}</td>
                    <td className="num">{v.exposures}</td>
                    <td className="num">{v.conversions}</td>
                    <td className="num">{percent(v.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form method="post" action="/admin/actions/experiments" className="compose">
            <input type="hidden" name="op" value="variants" />
            <input type="hidden" name="id" value={e.id} />
            <input type="hidden" name="back" value={BACK} />
            <label>
              {E.variants}
              <textarea name="variants" rows={e.variants.length + 1} required maxLength={1000} defaultValue={variantsText(e.variants)} />
            </label>
            <button type="submit" className="secondary">
              {E.saveVariants}
            </button>
          </form>
          <form method="post" action="/admin/actions/experiments" className="actions">
            <input type="hidden" name="op" value={e.status === 'running' ? 'stop' : 'start'} />
            <input type="hidden" name="id" value={e.id} />
            <input type="hidden" name="back" value={BACK} />
            <button type="submit" className={e.status === 'running' ? 'danger' : undefined}>
              {e.status === 'running' ? E.stop : E.start}
            </button>
          </form>
        </article>
      ))}
      <h2>{E.create}</h2>
      <form method="post" action="/admin/actions/experiments" className="item compose">
        <input type="hidden" name="op" value="create" />
        <input type="hidden" name="back" value={BACK} />
        <label>
          {E.key}
          <input name="key" required maxLength={48} pattern="[a-z][a-z0-9_]{1,47}" autoCapitalize="none" spellCheck={false} />
        </label>
        <label>
          {E.name}
          <input name="name" required maxLength={64} />
        </label>
        <label>
          {E.variants}
          <textarea name="variants" rows={3} required maxLength={1000} placeholder={'control:对照:5000\nnew:新版:5000'} />
        </label>
        <button type="submit">{E.create}</button>
      </form>
    </ConsoleShell>
  );
}
