import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { GameStrip } from '@/components/games/game-strip';
import { PageBar } from '@/components/shell/page-bar';
import { currentMember } from '@/lib/server/accounts/session-member';
import { floatHub } from '@/lib/server/games/float-hub';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { coverSrc } from '@/components/novel/cover';

export const metadata: Metadata = { title: T.floatTitle, description: T.floatDescription };

/**
 * /m/float (docs/games.md "/m/float"): where the floating entry on home and in the reader leads — the activity
 * centre's doors with this reader's numbers (check-in, wheel chances, coupons left), the competitions running now,
 * a few games and the novels in 新书试读. Public: a visitor sees the same doors with what signing in earns.
 */
export default async function FloatPage() {
  await connection();
  const member = await currentMember();
  const language = member?.languageType ?? DEFAULT_LANGUAGE_TYPE;
  // 青少年模式: 新书试读 shows only suitable novels (docs/minors-mode.md "Only suitable novels").
  const inView = await pageCatalogue();
  const hub = await inView(() => floatHub(member?.id ?? null, language));
  const checkinLine = hub.checkin
    ? hub.checkin.checkedToday
      ? T.checkinDone(hub.checkin.streakDay)
      : T.checkinTodo(hub.checkin.nextReward)
    : T.checkinVisitor(hub.checkinFirst);
  return (
    <div className="page f-page">
      <PageBar title={T.floatTitle} parent="/m" />
      <nav className="f-tiles" aria-label={T.activityCentre}>
        <Link href="/m/events" className="f-tile" data-testid="float-events">
          <strong>{T.activityCentre}</strong>
          <span>{hub.competitions.length ? `${hub.competitions.length}场赛事进行中` : T.noActivity}</span>
        </Link>
        <Link href="/m/events#checkin" className="f-tile" data-testid="float-checkin">
          <strong>{T.checkin}</strong>
          <span>{checkinLine}</span>
        </Link>
        <a href="/mall/prize_wheel?v=2" className="f-tile" data-testid="float-lottery">
          <strong>{T.lottery}</strong>
          <span>{hub.lotteryChances === null ? T.lotteryVisitor : T.lotteryChances(hub.lotteryChances)}</span>
        </a>
        <Link href="/m/mall/coupons" className="f-tile" data-testid="float-coupons">
          <strong>{T.coupons}</strong>
          <span>{T.couponsOpen(hub.couponsOpen)}</span>
        </Link>
      </nav>

      {hub.competitions.length ? (
        <section aria-labelledby="f-acts">
          <h2 className="section-title f-section" id="f-acts">
            {T.activities}
          </h2>
          <ul className="f-list">
            {hub.competitions.map((c) => (
              <li key={c.id}>
                <Link href={`/m/competitions/${c.id}`} className="f-row">
                  <span className="f-row-main">
                    <strong>{c.name}</strong>
                    <span>{formatBusinessTime(c.ends_at).slice(0, 10)} 截止</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {hub.games.list.length ? (
        <section aria-labelledby="f-games">
          <div className="g-slot-head f-section">
            <h2 className="section-title" id="f-games">
              {T.games}
            </h2>
            <Link href="/m/games">{T.more}</Link>
          </div>
          <GameStrip games={hub.games.list.slice(0, 8)} className="f-games" testId="float-games" />
        </section>
      ) : null}

      {hub.novelTests.length ? (
        <section aria-labelledby="f-tests" data-testid="float-novel-test">
          <h2 className="section-title f-section" id="f-tests">
            {T.novelTest}
          </h2>
          <p className="muted small">{T.novelTestNote}</p>
          <ul className="f-list">
            {hub.novelTests.map((n) => (
              <li key={n.novel_id}>
                <Link href={`/m/novels/${n.novel_id}`} className="f-row">
                  <img src={coverSrc(n.thumb, 54)} alt="" width={54} height={72} loading="lazy" />
                  <span className="f-row-main">
                    <strong>{n.title}</strong>
                    <span>{n.author}</span>
                    <span>
                      {T.novelTestStats(n.readers, n.continue_rate)} · {T.novelTestEnds(formatBusinessTime(n.ends_at).slice(5, 10))}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
