'use client';

import { useState } from 'react';
import { fetchFansPage } from '@/lib/client/reads/rewards';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useFanMe, useFans, useRecentTips, useTipsSum, useTopTippers } from '@/lib/client/swr/use-rewards';
import { useSignedIn } from '@/lib/client/use-signed-in';
import type { FanEntry, RewardPage, TipRecordDto, TipsSum, TopTipperDto } from '@/lib/shared/dto/fans-page';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { FanTitle } from './fan-title';
import { TopTippers } from './top-tippers';
import './fan-page.css';

export interface FanPageData {
  sum: TipsSum;
  top: TopTipperDto[];
  tips: RewardPage<TipRecordDto>;
  fans: RewardPage<FanEntry>;
}

/**
 * The novel's fan page (docs/gifts-votes-pages.md "Fan page"): what was tipped in all, the top three, the member's own
 * standing, the fans by fan value with their titles (10 a page, more appends) and the latest tips. Server-rendered
 * from the same calls; after a tip the gift modal reloads these keys, so the reader's new place shows without a reload.
 */
export function FanPage({ novelId, initial }: { novelId: number; initial: FanPageData }) {
  const signedIn = useSignedIn();
  const { data: sum = initial.sum } = useTipsSum(novelId, initial.sum);
  const { data: top = initial.top } = useTopTippers(novelId, initial.top);
  const { data: tips = initial.tips } = useRecentTips(novelId, initial.tips);
  const { data: me } = useFanMe(novelId, signedIn);

  return (
    <>
      <div className="fan-summary">
        <p className="muted" data-testid="tips-sum">
          {T.tipsSum(sum.sum, sum.count)}
        </p>
        <button
          type="button"
          className="button button-primary fan-tip"
          onClick={() => useModalStore.getState().open('gift', { novelId, scene: 'rewards' })}
        >
          {T.tip}
        </button>
      </div>
      {top.length ? <TopTippers tippers={top} variant="podium" /> : null}

      {/* Always there, of fixed height, so the member's standing arriving after hydration moves nothing. */}
      <section className="fan-me" aria-label={T.myStanding} data-testid="fan-me">
        {signedIn && me ? (
          <>
            <span>
              {T.myStanding} <strong>{me.value}</strong>
              {me.value > 0 ? <FanTitle title={me.title} level={me.level} /> : null}
            </span>
            <span className="muted small">{me.value > 0 ? T.myRank(me.ranking) : T.notFanYet}</span>
          </>
        ) : (
          <span className="muted small">{T.notFanYet}</span>
        )}
      </section>

      <FanList novelId={novelId} initial={initial.fans} />

      <section className="section" aria-labelledby="recent-tips">
        <h2 className="section-title" id="recent-tips">
          {T.recentTips}
        </h2>
        {tips.data.length ? (
          <ul className="tip-list">
            {tips.data.map((r) => (
              <li key={r.id}>
                <img src={r.headimgurl} alt="" width={36} height={36} className="avatar" />
                <span>
                  <bdi>
                    <strong>{r.nickname}</strong>
                  </bdi>
                  {r.fan_title ? <FanTitle title={r.fan_title} /> : null} {T.tipLine(r.giftname, r.giftamount)}
                </span>
                <img src={r.giftimgurl} alt="" width={28} height={28} />
                <span className="muted small">{r.createdat}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">{T.noTips}</p>
        )}
      </section>
    </>
  );
}

/** The fans by fan value; the first page is an SWR key (reloaded after a tip), later pages append below it. */
function FanList({ novelId, initial }: { novelId: number; initial: RewardPage<FanEntry> }) {
  const { data: first = initial } = useFans(novelId, initial);
  // Later pages remember the first page they follow: a reloaded first page (after a tip) re-ranks everyone, so pages
  // appended before it are dropped.
  const [appended, setAppended] = useState<{ after: RewardPage<FanEntry>; page: RewardPage<FanEntry> } | null>(null);
  const [loading, setLoading] = useState(false);
  const extra = appended && appended.after === first ? appended.page : null;

  const items = extra ? [...first.data, ...extra.data] : first.data;
  const hasmore = extra ? extra.hasmore : first.hasmore;
  async function more() {
    setLoading(true);
    try {
      const next = await fetchFansPage(novelId, items.length);
      setAppended({ after: first, page: { data: [...(extra?.data ?? []), ...next.data], hasmore: next.hasmore } });
    } catch {
      // The error catalogue has told the reader; the button stays for a retry.
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="section" aria-labelledby="fan-list">
      <h2 className="section-title" id="fan-list">
        {T.fanList}
      </h2>
      {items.length ? (
        <ol className="fan-list" data-testid="fan-list">
          {items.map((f) => (
            <li key={f.member_id} data-member-id={f.member_id}>
              <span className={f.ranking <= 3 ? 'fan-rank fan-rank-top' : 'fan-rank'}>{f.ranking}</span>
              <img src={f.headimgurl} alt="" width={36} height={36} className="avatar" />
              <span className="fan-name">
                <bdi>{f.nickname}</bdi>
                <FanTitle title={f.title} level={f.level} />
              </span>
              <span className="fan-value">{T.fanValue(f.value)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty">{T.noFans}</p>
      )}
      {hasmore ? (
        <div className="pager">
          <button type="button" className="button" onClick={more} disabled={loading}>
            {loading ? T.loading : T.moreFans}
          </button>
        </div>
      ) : null}
    </section>
  );
}
