import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { ADS_CONSOLE as C } from '@/lib/shared/ads-text';
import { formatCents } from '@/lib/shared/money';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { listConsoleAds, removalOrdersByScene, statsSince } from '@/lib/server/staff/ads';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { AdCard } from '@/components/ads/ad-card';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';
import { AdForm } from './ad-form';
import '@/components/ads/ads.css';

export const metadata: Metadata = { title: T.nav.ads };

const ctr = (clicks: number, impressions: number) => (impressions ? `${((clicks / impressions) * 100).toFixed(2)}%` : '—');

// /admin/ads: every ad with a preview, its targeting, schedule and caps as a form, and impressions, clicks and CTR per
// day; paid ad-removal orders per scene; the current static files (docs/ads.md "Console"). Admin and editor roles.
export default async function AdsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('ads');
  const flash = readFlash(await searchParams);
  const [list, removal] = await Promise.all([listConsoleAds(), removalOrdersByScene()]);
  const files = cachedFlags().ads_static;
  return (
    <ConsoleShell staff={staff} current="ads" flash={flash}>
      <h1>{C.heading}</h1>
      <h2>{C.create}</h2>
      <AdForm />

      {list.map((ad) => {
        const total = ad.days.reduce((s, d) => ({ i: s.i + d.impressions, c: s.c + d.clicks }), { i: 0, c: 0 });
        return (
          <article className="item" key={ad.id} data-testid={`ad-${ad.id}`}>
            <div className="meta">
              <strong>
                #{ad.id} {ad.title}
              </strong>
              <span>{C.placements[ad.placement] ?? ad.placement}</span>
              <span className="badge">{ad.active ? C.active : C.inactive}</span>
              {ad.startsAt || ad.endsAt ? (
                <span>
                  {formatTime(ad.startsAt)} – {formatTime(ad.endsAt)}
                </span>
              ) : null}
              <span>
                {C.impressions} {total.i} · {C.clicks} {total.c} · {C.ctr} {ctr(total.c, total.i)}
              </span>
            </div>
            <p className="meta">{C.preview}</p>
            <div className="ad-preview" style={{ maxWidth: 400 }}>
              <AdCard title={ad.title} body={ad.body} image={ad.image} />
            </div>
            <details>
              <summary>{C.edit}</summary>
              <AdForm ad={ad} />
            </details>
            <form method="post" action="/admin/actions/ads">
              <input type="hidden" name="op" value="toggle" />
              <input type="hidden" name="id" value={ad.id} />
              <input type="hidden" name="active" value={ad.active ? '0' : '1'} />
              <input type="hidden" name="back" value="/admin/ads" />
              <button type="submit" aria-label={`${ad.active ? C.deactivate : C.activate} ${ad.title}`}>
                {ad.active ? C.deactivate : C.activate}
              </button>
            </form>
            <p className="meta">
              {C.stats}（{statsSince()} 起）
            </p>
            {ad.days.length ? (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>{C.day}</th>
                      <th>{C.impressions}</th>
                      <th>{C.clicks}</th>
                      <th>{C.ctr}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ad.days.map((d) => (
                      <tr key={d.day}>
                        <td>{d.day}</td>
                        <td>{d.impressions}</td>
                        <td>{d.clicks}</td>
                        <td>{ctr(d.clicks, d.impressions)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="meta">{C.noStats}</p>
            )}
          </article>
        );
      })}

      <h2>{C.removalOrders}</h2>
      <p className="meta">{C.removalNote}</p>
      <div className="table-wrap" data-testid="ad-removal-scenes">
        <table>
          <tbody>
            {removal.map((r) => (
              <tr key={r.scene ?? 0}>
                <td>{r.scene ?? C.noScene}</td>
                <td>{C.paidCount(r.paid)}</td>
                <td>¥{formatCents(r.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{C.files}</h2>
      <p className="meta">{C.filesNote}</p>
      {files ? (
        <ul>
          {[files.main.ads, files.main.reader, files.alt.ads, files.alt.reader].map((n) => (
            <li key={n}>
              <code>/v1/ads/static/{n}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </ConsoleShell>
  );
}
